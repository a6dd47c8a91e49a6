"""One headless Chromium for a whole test, driven over its DevTools pipe.

Each page is opened in a tab of its own (a new target), loaded, and read as
`chromium --dump-dom` reads it (the doctype and the root element's markup
once the load event has fired), or printed as `chromium --print-to-pdf`
prints it; the tab is closed after. The browser starts once for all the
pages: started once a page, it cost those tests most of their time.

    with headless.Browser(path) as browser:
        markup = browser.dump_dom('file:///tmp/page.html')
        markup = browser.rendered('file:///tmp/page.html')  # or what went wrong
        browser.print_to_pdf('file:///tmp/page.html', '/tmp/page.pdf')

A browser that dies or a page that does not load within the timeout raises
headless.Error with what Chromium said on stderr.
"""
import atexit
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

# What --dump-dom prints: the doctype, then the root element's markup.
DUMP_DOM = ("(document.doctype ? new XMLSerializer().serializeToString(document.doctype) + '\\n' : '')"
            " + document.documentElement.outerHTML")


class Error(Exception):
    pass


class Browser:
    def __init__(self, chromium, args=(), timeout=120):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix='rtab-chromium-')
        self.stderr = tempfile.TemporaryFile()
        # The pipe: Chromium reads commands on its fd 3 and writes answers
        # and events on its fd 4, each a JSON text ended by a NUL.
        to_child, self.cmd = os.pipe()
        self.answers, from_child = os.pipe()
        # Out of the way of 3 and 4, which the child's copies take.
        hi_in, hi_out = fcntl.fcntl(to_child, fcntl.F_DUPFD, 10), fcntl.fcntl(from_child, fcntl.F_DUPFD, 10)
        os.close(to_child)
        os.close(from_child)

        def pipe_fds():
            os.dup2(hi_in, 3)
            os.dup2(hi_out, 4)

        self.proc = subprocess.Popen(
            [chromium, '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
             '--disable-background-networking', '--disable-component-update', '--disable-sync',
             '--user-data-dir=' + self.profile, '--remote-debugging-pipe', *args, 'about:blank'],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.stderr,
            close_fds=False, preexec_fn=pipe_fds)
        os.close(hi_in)
        os.close(hi_out)
        self.next_id = 0
        self.buf = b''
        self.events = []
        self.closed = False
        # A test that exits early still ends its browser.
        atexit.register(self.close)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.closed:
            return
        self.closed = True
        if self.proc.poll() is None:
            try:
                self.call('Browser.close', timeout=30)
            except (Error, OSError):
                pass
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for fd in (self.cmd, self.answers):
            try:
                os.close(fd)
            except OSError:
                pass
        self.stderr.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def said(self):
        """The last of what Chromium wrote on stderr."""
        self.stderr.seek(0)
        return self.stderr.read().decode('utf-8', 'replace')[-500:]

    def _read(self, deadline):
        """The next message from the browser."""
        while b'\0' not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Error('chromium did not answer within %d s: %s' % (self.timeout, self.said()))
            ready, _, _ = select.select([self.answers], [], [], left)
            if ready:
                chunk = os.read(self.answers, 1 << 20)
                if not chunk:
                    raise Error('chromium exited (%s): %s' % (self.proc.poll(), self.said()))
                self.buf += chunk
        msg, self.buf = self.buf.split(b'\0', 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None, timeout=None):
        """A command's result; the events that come meanwhile are kept."""
        self.next_id += 1
        msg = {'id': self.next_id, 'method': method, 'params': params or {}}
        if session:
            msg['sessionId'] = session
        data = json.dumps(msg).encode() + b'\0'
        while data:
            data = data[os.write(self.cmd, data):]
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            m = self._read(deadline)
            if m.get('id') == self.next_id:
                if 'error' in m:
                    raise Error('%s: %s' % (method, m['error'].get('message')))
                return m.get('result', {})
            if 'method' in m:
                self.events.append(m)

    def _wait_event(self, method, session):
        deadline = time.monotonic() + self.timeout
        while True:
            for i, m in enumerate(self.events):
                if m['method'] == method and m.get('sessionId') == session:
                    del self.events[i]
                    return m
            m = self._read(deadline)
            if 'method' in m:
                self.events.append(m)

    def _open(self, url, size):
        """A new tab that has loaded url: (target, session)."""
        target = self.call('Target.createTarget', {'url': 'about:blank'})['targetId']
        session = self.call('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
        if size:
            self.call('Emulation.setDeviceMetricsOverride', {'width': size[0], 'height': size[1],
                                                             'deviceScaleFactor': 1, 'mobile': False}, session)
        self.call('Page.enable', session=session)
        nav = self.call('Page.navigate', {'url': url}, session)
        if nav.get('errorText'):
            self._close(target, session)
            raise Error('%s: %s' % (url, nav['errorText']))
        self._wait_event('Page.loadEventFired', session)
        return target, session

    def _close(self, target, session):
        self.call('Target.closeTarget', {'targetId': target})
        # Nothing of the closed tab is waited for again.
        self.events = [m for m in self.events if m.get('sessionId') != session]

    def dump_dom(self, url, size=None):
        """The page's DOM once loaded, as --dump-dom prints it; size: (width, height) of the window."""
        target, session = self._open(url, size)
        try:
            r = self.call('Runtime.evaluate', {'expression': DUMP_DOM, 'returnByValue': True}, session)
            if 'exceptionDetails' in r:
                raise Error('%s: %s' % (url, r['exceptionDetails'].get('text')))
            return r['result']['value']
        finally:
            self._close(target, session)

    def rendered(self, url, size=None):
        """The page's DOM as dump_dom gives it, or what went wrong, said so that
        the checks of the markup a test wants fail on it and show it."""
        try:
            return self.dump_dom(url, size)
        except Error as e:
            return 'chromium rendered nothing: %s' % e

    def print_to_pdf(self, url, out):
        """The page printed to the PDF out as --print-to-pdf --no-pdf-header-footer prints it:
        its backgrounds, on the page size its CSS asks for, no header or footer of Chromium's."""
        target, session = self._open(url, None)
        try:
            r = self.call('Page.printToPDF', {'printBackground': True, 'preferCSSPageSize': True,
                                              'displayHeaderFooter': False}, session)
            with open(out, 'wb') as f:
                f.write(base64.b64decode(r['data']))
        finally:
            self._close(target, session)
