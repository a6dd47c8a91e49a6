"""A small client of rtab lsp in the Python standard library, for the
construct test (tests/constructs/run.py, verb lsp) and the benchmarks
(bench/run): requests answered in order, diagnostics kept by document."""
import json
import subprocess



def read_frame(stream):
    """The body of the next message on stream (a Content-Length frame), as text."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError('rtab lsp ended its output')
        if line in (b'\r\n', b'\n'):
            break
        name, _, value = line.decode('ascii').partition(':')
        if name.lower() == 'content-length':
            length = int(value)
    return stream.read(length).decode('utf-8')

class Session:
    def __init__(self, rtab, locale='en'):
        self.proc = subprocess.Popen([rtab, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0
        self.diagnostics = {}
        self.request('initialize', {'processId': None, 'rootUri': None, 'capabilities': {},
                                    'locale': locale})
        self.notify('initialized', {})

    @staticmethod
    def frame(message):
        """A message as the protocol sends it: its header and body."""
        body = json.dumps(message).encode('utf-8')
        return b'Content-Length: %d\r\n\r\n' % len(body) + body

    def write(self, data):
        """Framed messages, in one write."""
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def _send(self, message):
        self.write(self.frame(message))

    def receive(self):
        """The next message of the server."""
        return self._receive()

    def _receive(self):
        message = json.loads(read_frame(self.proc.stdout))
        if message.get('method') == 'textDocument/publishDiagnostics':
            self.diagnostics[message['params']['uri']] = message['params']
        return message

    def notify(self, method, params):
        self._send({'jsonrpc': '2.0', 'method': method, 'params': params})

    def request(self, method, params=None):
        self.next_id += 1
        self._send({'jsonrpc': '2.0', 'id': self.next_id, 'method': method, 'params': params})
        while True:
            message = self._receive()
            if message.get('id') == self.next_id and 'method' not in message:
                if 'error' in message:
                    raise RuntimeError('%s: %s' % (method, message['error']))
                return message['result']

    def wait_diagnostics(self, uri, version):
        """The diagnostics published for that version of uri."""
        while self.diagnostics.get(uri, {}).get('version') != version:
            self._receive()
        return self.diagnostics[uri]['diagnostics']

    def open(self, uri, text, version=1):
        self.notify('textDocument/didOpen', {'textDocument': {
            'uri': uri, 'languageId': 'rtab', 'version': version, 'text': text}})
        return self.wait_diagnostics(uri, version)

    def close(self):
        """Shut down and exit: the server's exit status."""
        self.request('shutdown')
        self.notify('exit', None)
        self.proc.stdin.close()
        status = self.proc.wait(timeout=30)
        self.proc.stdout.close()
        return status
