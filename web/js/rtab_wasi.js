/* SPDX-License-Identifier: MIT */
/*
 * rtab in the browser: runs rtab.wasm (web/build_wasm.py), the rtab command
 * built for WebAssembly (WASI), over files held in memory.
 *
 * Each run is one rtab command: a verb's argv in, its exit status, standard
 * output and standard error out, as the command line gives them. The module
 * is compiled once; one instance runs command after command (class Rtab
 * below says what it keeps). The module needs only the
 * part of WASI below (files, arguments, clocks, exit); every other import
 * answers ENOSYS, which the C library reports as "Function not implemented".
 *
 * A classic script (pages opened from file:// cannot load modules): it
 * defines RtabWasi in the page, and module.exports under Node.js.
 */
(function rtabWasiScript(root) {
	'use strict';

	const E = {SUCCESS: 0, BADF: 8, EXIST: 20, INVAL: 28, ISDIR: 31, NOENT: 44, NOSYS: 52, NOTDIR: 54, SPIPE: 70};
	const FILETYPE = {CHAR: 2, DIR: 3, FILE: 4};
	const OFLAGS = {CREAT: 1, DIRECTORY: 2, EXCL: 4, TRUNC: 8};
	const FDFLAGS_APPEND = 1;
	const PREOPEN_FD = 3;
	const RIGHTS_ALL = 0x1fffffffn;

	class Exit {
		constructor(code) { this.code = code; }
	}

	const encoder = new TextEncoder();
	const decoder = new TextDecoder();

	/* "/a/b/../c" → "a/c": the files of a run are keyed by path from the root. */
	function normalize(path) {
		const out = [];
		for (const part of path.split('/')) {
			if (part === '' || part === '.')
				continue;
			if (part === '..')
				out.pop();
			else
				out.push(part);
		}
		return out.join('/');
	}

	/* One run of the module: its files, descriptors and output. */
	class Run {
		constructor(args, files, stdin) {
			this.args = ['rtab'].concat(args).map((a) => encoder.encode(a + '\0'));
			this.files = new Map();
			this.inodes = new Map();
			for (const [name, text] of Object.entries(files || {}))
				this.files.set(normalize(name), typeof text === 'string' ? encoder.encode(text) : text);
			this.fds = [
				{kind: 'in', data: encoder.encode(stdin || ''), pos: 0},
				{kind: 'out', chunks: []},
				{kind: 'out', chunks: []},
				{kind: 'dir', path: ''},
			];
			this.memory = null;
		}

		view() { return new DataView(this.memory.buffer); }
		bytes() { return new Uint8Array(this.memory.buffer); }
		string(ptr, len) { return decoder.decode(this.bytes().slice(ptr, ptr + len)); }

		inode(path) {
			if (!this.inodes.has(path))
				this.inodes.set(path, this.inodes.size + 10);
			return this.inodes.get(path);
		}

		isDir(path) {
			if (path === '')
				return true;
			for (const name of this.files.keys())
				if (name.startsWith(path + '/'))
					return true;
			return false;
		}

		resolve(dirfd, ptr, len) {
			const dir = this.fds[dirfd];
			if (!dir || dir.kind !== 'dir')
				return null;
			return normalize(dir.path + '/' + this.string(ptr, len));
		}

		writeStat(ptr, type, size, ino) {
			const v = this.view();
			for (let i = 0; i < 64; i += 8)
				v.setBigUint64(ptr + i, 0n, true);
			v.setBigUint64(ptr + 8, BigInt(ino), true);
			v.setUint8(ptr + 16, type);
			v.setBigUint64(ptr + 24, 1n, true);
			v.setBigUint64(ptr + 32, BigInt(size), true);
		}

		stdout() { return decoder.decode(concat(this.fds[1].chunks)); }
		stderr() { return decoder.decode(concat(this.fds[2].chunks)); }

		/* The WASI functions of this run, by name. */
		calls() {
			const self = this;
			return {
				args_sizes_get(argc, size) {
					const v = self.view();
					v.setUint32(argc, self.args.length, true);
					v.setUint32(size, self.args.reduce((n, a) => n + a.length, 0), true);
					return E.SUCCESS;
				},
				args_get(argv, buf) {
					const v = self.view(), b = self.bytes();
					for (const a of self.args) {
						v.setUint32(argv, buf, true);
						b.set(a, buf);
						argv += 4;
						buf += a.length;
					}
					return E.SUCCESS;
				},
				environ_sizes_get(count, size) {
					self.view().setUint32(count, 0, true);
					self.view().setUint32(size, 0, true);
					return E.SUCCESS;
				},
				environ_get() { return E.SUCCESS; },
				clock_res_get(id, res) {
					self.view().setBigUint64(res, 1000n, true);
					return E.SUCCESS;
				},
				clock_time_get(id, precision, out) {
					const ns = BigInt(Date.now()) * 1000000n;
					self.view().setBigUint64(out, ns, true);
					return E.SUCCESS;
				},
				random_get(buf, len) {
					const b = self.bytes();
					for (let i = 0; i < len; i++)
						b[buf + i] = (Math.random() * 256) | 0;
					return E.SUCCESS;
				},
				proc_exit(code) { throw new Exit(code); },
				sched_yield() { return E.SUCCESS; },
				fd_prestat_get(fd, out) {
					if (fd !== PREOPEN_FD)
						return E.BADF;
					self.view().setUint8(out, 0);
					self.view().setUint32(out + 4, 1, true);
					return E.SUCCESS;
				},
				fd_prestat_dir_name(fd, ptr, len) {
					if (fd !== PREOPEN_FD)
						return E.BADF;
					self.bytes()[ptr] = 0x2f; /* "/" */
					return E.SUCCESS;
				},
				fd_fdstat_get(fd, out) {
					const f = self.fds[fd];
					if (!f)
						return E.BADF;
					const v = self.view();
					v.setUint8(out, f.kind === 'dir' ? FILETYPE.DIR : f.kind === 'file' ? FILETYPE.FILE : FILETYPE.CHAR);
					v.setUint16(out + 2, 0, true);
					v.setBigUint64(out + 8, RIGHTS_ALL, true);
					v.setBigUint64(out + 16, RIGHTS_ALL, true);
					return E.SUCCESS;
				},
				fd_fdstat_set_flags() { return E.SUCCESS; },
				fd_filestat_get(fd, out) {
					const f = self.fds[fd];
					if (!f)
						return E.BADF;
					if (f.kind === 'file')
						self.writeStat(out, FILETYPE.FILE, self.files.get(f.path).length, self.inode(f.path));
					else if (f.kind === 'dir')
						self.writeStat(out, FILETYPE.DIR, 0, self.inode(f.path + '/'));
					else
						self.writeStat(out, FILETYPE.CHAR, 0, fd + 1);
					return E.SUCCESS;
				},
				path_filestat_get(dirfd, flags, ptr, len, out) {
					const path = self.resolve(dirfd, ptr, len);
					if (path === null)
						return E.BADF;
					if (self.files.has(path))
						self.writeStat(out, FILETYPE.FILE, self.files.get(path).length, self.inode(path));
					else if (self.isDir(path))
						self.writeStat(out, FILETYPE.DIR, 0, self.inode(path + '/'));
					else
						return E.NOENT;
					return E.SUCCESS;
				},
				path_open(dirfd, dirflags, ptr, len, oflags, rightsBase, rightsInheriting, fdflags, out) {
					const path = self.resolve(dirfd, ptr, len);
					if (path === null)
						return E.BADF;
					const exists = self.files.has(path);
					if (!exists && self.isDir(path)) {
						self.fds.push({kind: 'dir', path});
					} else {
						if (oflags & OFLAGS.DIRECTORY)
							return exists ? E.NOTDIR : E.NOENT;
						if (exists && (oflags & OFLAGS.CREAT) && (oflags & OFLAGS.EXCL))
							return E.EXIST;
						if (!exists && !(oflags & OFLAGS.CREAT))
							return E.NOENT;
						if (!exists || (oflags & OFLAGS.TRUNC))
							self.files.set(path, new Uint8Array(0));
						self.fds.push({kind: 'file', path, pos: 0, append: !!(fdflags & FDFLAGS_APPEND)});
					}
					self.view().setUint32(out, self.fds.length - 1, true);
					return E.SUCCESS;
				},
				fd_close(fd) {
					if (!self.fds[fd])
						return E.BADF;
					self.fds[fd] = null;
					return E.SUCCESS;
				},
				fd_read(fd, iovs, n, out) {
					const f = self.fds[fd];
					if (!f || (f.kind !== 'file' && f.kind !== 'in'))
						return f && f.kind === 'dir' ? E.ISDIR : E.BADF;
					const data = f.kind === 'file' ? self.files.get(f.path) : f.data;
					const v = self.view(), b = self.bytes();
					let total = 0;
					for (let i = 0; i < n; i++) {
						const buf = v.getUint32(iovs + 8 * i, true), len = v.getUint32(iovs + 8 * i + 4, true);
						const take = Math.min(len, data.length - f.pos);
						if (take <= 0)
							break;
						b.set(data.subarray(f.pos, f.pos + take), buf);
						f.pos += take;
						total += take;
					}
					v.setUint32(out, total, true);
					return E.SUCCESS;
				},
				fd_write(fd, iovs, n, out) {
					const f = self.fds[fd];
					if (!f || (f.kind !== 'file' && f.kind !== 'out'))
						return E.BADF;
					const v = self.view(), b = self.bytes();
					const parts = [];
					for (let i = 0; i < n; i++) {
						const buf = v.getUint32(iovs + 8 * i, true), len = v.getUint32(iovs + 8 * i + 4, true);
						parts.push(b.slice(buf, buf + len));
					}
					const data = concat(parts);
					if (f.kind === 'out') {
						f.chunks.push(data);
					} else {
						const old = self.files.get(f.path);
						const at = f.append ? old.length : f.pos;
						const grown = new Uint8Array(Math.max(old.length, at + data.length));
						grown.set(old);
						grown.set(data, at);
						self.files.set(f.path, grown);
						f.pos = at + data.length;
					}
					v.setUint32(out, data.length, true);
					return E.SUCCESS;
				},
				fd_seek(fd, offset, whence, out) {
					const f = self.fds[fd];
					if (!f)
						return E.BADF;
					if (f.kind !== 'file')
						return E.SPIPE;
					const size = self.files.get(f.path).length;
					const base = whence === 0 ? 0 : whence === 1 ? f.pos : size;
					const pos = base + Number(offset);
					if (pos < 0)
						return E.INVAL;
					f.pos = pos;
					self.view().setBigUint64(out, BigInt(pos), true);
					return E.SUCCESS;
				},
				fd_tell(fd, out) {
					const f = self.fds[fd];
					if (!f || f.kind !== 'file')
						return f ? E.SPIPE : E.BADF;
					self.view().setBigUint64(out, BigInt(f.pos), true);
					return E.SUCCESS;
				},
				fd_sync() { return E.SUCCESS; },
				fd_datasync() { return E.SUCCESS; },
				path_unlink_file(dirfd, ptr, len) {
					const path = self.resolve(dirfd, ptr, len);
					if (path === null)
						return E.BADF;
					return self.files.delete(path) ? E.SUCCESS : E.NOENT;
				},
				path_rename(fd, ptr, len, newfd, newptr, newlen) {
					const from = self.resolve(fd, ptr, len), to = self.resolve(newfd, newptr, newlen);
					if (from === null || to === null)
						return E.BADF;
					if (!self.files.has(from))
						return E.NOENT;
					self.files.set(to, self.files.get(from));
					self.files.delete(from);
					return E.SUCCESS;
				},
				path_create_directory() { return E.SUCCESS; },
			};
		}
	}

	/* The names of the WASI functions a run implements. */
	const IMPLEMENTED = new Set(Object.keys(new Run([], {}, '').calls()));

	/*
	 * The imports of an instance: each WASI function calls the one of the
	 * run slot.run, set when the instance runs (an instance is made before
	 * its run is known: Rtab keeps one ready). needs: the functions the
	 * module imports (WebAssembly.Module.imports); every other answers ENOSYS.
	 */
	function importsFor(slot, needs) {
		const imports = {};
		for (const imp of needs) {
			imports[imp.module] = imports[imp.module] || {};
			const name = imp.name;
			imports[imp.module][name] = IMPLEMENTED.has(name) && imp.module === 'wasi_snapshot_preview1'
				? (...args) => slot.calls[name](...args) : () => E.NOSYS;
		}
		return imports;
	}

	function concat(parts) {
		const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
		let at = 0;
		for (const p of parts) {
			out.set(p, at);
			at += p.length;
		}
		return out;
	}

	function base64Bytes(text) {
		if (typeof Uint8Array.fromBase64 === 'function') /* native: ~10 times the loop below */
			return Uint8Array.fromBase64(text);
		if (typeof Buffer === 'function')
			return new Uint8Array(Buffer.from(text, 'base64'));
		const s = atob(text), out = new Uint8Array(s.length);
		for (let i = 0; i < s.length; i++)
			out[i] = s.charCodeAt(i);
		return out;
	}

	/* rtab_wasm.js carries the module gzipped (web/embed_wasm.py): the
	 * browser's DecompressionStream inflates it. */
	async function inflate(bytes) {
		if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b)
			return bytes;
		const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
		return new Uint8Array(await new Response(stream).arrayBuffer());
	}

	/*
	 * The module compiled once; run(args, files, stdin) is one rtab command:
	 * args without the "rtab", files an object of path → text (or bytes).
	 * Resolves to {status, stdout, stderr, files} (files: path → bytes after the run).
	 * The module is a WASI reactor (web/wasi/session_wasi.c): one instance,
	 * the session, runs command after command, and keeps what rtab keeps
	 * between them (the rulesets eval and odds loaded: check/load.h); the
	 * files, arguments and output are each run's own. A run with standard
	 * input (rtab lsp) has an instance of its own, made ahead while the
	 * page is idle; so has the session again after a command that ended
	 * the instance (exit, a trap) or grew its memory past MAX_MEMORY.
	 */
	const MAX_MEMORY = 256 << 20;

	class Rtab {
		constructor(module) {
			this.module = module;
			this.needs = WebAssembly.Module.imports(module).filter((imp) => imp.kind === 'function');
			this.spare = null;
			this.session = null;
		}

		/* A new instance of the module, its run to be set in slot. */
		async instantiate() {
			const slot = {calls: null};
			const instance = await WebAssembly.instantiate(this.module, importsFor(slot, this.needs));
			return {instance, slot, started: false};
		}

		/* An instance made ahead, while the page is idle: a run need not wait for one. */
		prepare() {
			if (!this.spare)
				this.spare = this.instantiate();
			return this;
		}

		take() {
			const ready = this.spare || this.instantiate();
			this.spare = null;
			return ready;
		}

		async run(args, files, stdin) {
			const own = !!stdin;
			if (!own && !this.session)
				this.session = this.take();
			let ready = own ? this.take() : this.session;
			let inst = await ready;
			if (inst.ended) { /* an earlier run, waited for with this one, ended it */
				if (this.session === ready)
					this.session = this.take();
				ready = this.session;
				inst = await ready;
			}
			const {instance, slot} = inst;
			const run = new Run(args, files, stdin);
			slot.calls = run.calls();
			run.memory = instance.exports.memory;
			let status = 0, ended = own;
			try {
				if (!inst.started) {
					inst.started = true;
					instance.exports._initialize();
				}
				status = instance.exports.rtab_command();
			} catch (e) {
				ended = inst.ended = true;
				if (!(e instanceof Exit))
					throw e;
				status = e.code;
			} finally {
				if (!own && (ended || run.memory.buffer.byteLength > MAX_MEMORY)) {
					inst.ended = true;
					if (this.session === ready)
						this.session = null;
				}
				this.prepare();
			}
			return {status, stdout: run.stdout(), stderr: run.stderr(), files: run.files};
		}
	}

	/* One compilation per text of the module, however many pages' scripts ask. */
	const compiled = new Map();

	/* The module compiled. bytes: the module (an ArrayBuffer, a typed array,
	 * or the text of rtab_wasm.js: base64, of the module gzipped or not). */
	function compile(bytes) {
		const key = typeof bytes === 'string' ? bytes : null;
		if (key !== null && compiled.has(key))
			return compiled.get(key);
		const compiling = (async () => {
			let raw = typeof bytes === 'string' ? base64Bytes(bytes) : new Uint8Array(bytes.buffer || bytes,
				bytes.byteOffset || 0, bytes.byteLength);
			raw = await inflate(raw);
			return WebAssembly.compile(raw);
		})();
		if (key !== null)
			compiled.set(key, compiling);
		return compiling;
	}

	/*
	 * The text of rtab_wasm.js (RTAB_WASM), its script added to the page when
	 * it has not been: the pages load it after their first paint, so that
	 * reading the module (0.75 MB) does not hold the page back. A page opened
	 * from file:// may add a script, though it may fetch no file.
	 */
	let moduleScript = null;
	function moduleText(src) {
		if (typeof RTAB_WASM === 'string')
			return Promise.resolve(RTAB_WASM);
		if (!moduleScript)
			moduleScript = new Promise((resolve, reject) => {
				const script = document.createElement('script');
				script.src = src || 'rtab_wasm.js';
				script.onload = () => resolve(RTAB_WASM);
				script.onerror = () => reject(new Error(`cannot load ${script.src}`));
				document.head.append(script);
			});
		return moduleScript;
	}

	/* rtab in this thread: an Rtab of the module compiled from bytes. */
	const loaded = new Map();
	function load(bytes) {
		const key = typeof bytes === 'string' ? bytes : null;
		if (key !== null && loaded.has(key))
			return loaded.get(key);
		const loading = compile(bytes).then((module) => new Rtab(module).prepare());
		if (key !== null)
			loaded.set(key, loading);
		return loading;
	}

	/*
	 * rtab in a Web Worker, so that the page never waits for a command: its
	 * run() is Rtab's, answered by an Rtab in the worker. A page opened from
	 * file:// may start no worker from a file, so the worker's script is
	 * this script's own text, as a blob; the module compiled here is posted
	 * to it. Where no worker can start (or it fails), the commands run in
	 * this thread (load's).
	 */
	class WorkerRtab {
		constructor(module, bytes) {
			this.bytes = bytes;
			this.waiting = new Map();
			this.next = 0;
			this.local = null;
			const script = `(${rtabWasiScript})(self);\nself.RtabWasi.serve(self);\n`;
			const url = URL.createObjectURL(new Blob([script], {type: 'text/javascript'}));
			this.worker = new Worker(url);
			URL.revokeObjectURL(url);
			this.worker.onmessage = (e) => {
				const w = this.waiting.get(e.data.id);
				this.waiting.delete(e.data.id);
				if (e.data.error)
					w.reject(new Error(e.data.error));
				else
					w.resolve(e.data.result);
			};
			this.worker.onerror = (e) => {
				e.preventDefault();
				this.fallBack();
			};
			this.worker.postMessage({module});
		}

		fallBack() {
			this.worker.terminate();
			this.local = this.local || load(this.bytes);
			for (const [id, w] of this.waiting) {
				this.waiting.delete(id);
				this.local.then((r) => r.run(...w.args)).then(w.resolve, w.reject);
			}
		}

		run(args, files, stdin) {
			if (this.local)
				return this.local.then((r) => r.run(args, files, stdin));
			return new Promise((resolve, reject) => {
				const id = this.next++;
				this.waiting.set(id, {resolve, reject, args: [args, files, stdin]});
				this.worker.postMessage({id, args, files, stdin});
			});
		}
	}

	async function loadWorker(bytes) {
		const module = await compile(bytes);
		if (typeof Worker !== 'function' || typeof Blob !== 'function')
			return load(bytes);
		try {
			return new WorkerRtab(module, bytes);
		} catch (e) {
			return load(bytes);
		}
	}

	/* The worker's side of WorkerRtab: the module posted first, then each run. */
	function serve(scope) {
		let rtab = null;
		scope.onmessage = async (e) => {
			const m = e.data;
			if (m.module) {
				rtab = new Rtab(m.module).prepare();
				return;
			}
			try {
				scope.postMessage({id: m.id, result: await rtab.run(m.args, m.files, m.stdin)});
			} catch (err) {
				scope.postMessage({id: m.id, error: String(err && err.message || err)});
			}
		};
	}

	const api = {load, loadWorker, moduleText, serve, Rtab};
	if (typeof module === 'object' && module.exports)
		module.exports = api;
	else
		root.RtabWasi = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
