"""The web-service double's HTTP end (tests/moodle_webservice.py): a real HTTP server on the loopback address (HTTPS
with a certificate) that hands each request to the Site's entry points, and a network that can drop requests or cut
a file's answer half-way."""
import email.parser
import email.policy
import ssl
import threading
import urllib.parse
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def handler(site):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.answer(self.rfile.read(int(self.headers.get("Content-Length", 0))))

        def do_GET(self):
            self.answer(b"")

        def answer(self, body: bytes):
            headers, cut = {"Content-Type": "application/json"}, False
            if self.path.startswith("/webservice/pluginfile.php") and len(site.served) == site.stall_after:
                site.stalled.set()  # the test kills the client now: this request is never answered
                site.resume.wait(120)
                self.close_connection = True
                return
            with site.lock:
                site.bodies.append(body)
                site.addresses.append(self.path)
                if site.drops or site.cut_after == 0:
                    site.drops = max(site.drops - 1, 0)
                    self.close_connection = True
                    return  # the network drops the request: no answer
                if site.cut_after:
                    site.cut_after -= 1
                path, _, query = self.path.partition("?")
                form = dict(urllib.parse.parse_qsl(body.decode(), keep_blank_values=True))
                if path == "/webservice/rest/server.php":
                    status, answer = site.rest(form)
                elif path == "/webservice/upload.php":
                    status, answer = site.upload(*multipart(self.headers["Content-Type"], body))
                elif path.startswith("/webservice/pluginfile.php"):
                    argument = path.removeprefix("/webservice/pluginfile.php")
                    query = dict(urllib.parse.parse_qsl(query))
                    status, headers, answer = site.pluginfile(argument, query, form)
                    sent = "Content-Disposition" in headers  # a file, not an error
                    cut = sent and site.cut_files > 0
                    site.cut_files -= cut
                    if sent and not cut:
                        site.served.append(urllib.parse.unquote(argument) or query["file"])
                else:
                    status, answer = 404, b""
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer[:len(answer) // 2] if cut else answer)
            self.close_connection = cut  # the network cuts the answer half-way

        def log_message(self, *args):
            pass

    return Handler


def multipart(kind: str, body: bytes) -> tuple[dict, dict]:
    message = email.parser.BytesParser(policy=email.policy.default).parsebytes(
        f"Content-Type: {kind}\r\n\r\n".encode() + body)
    fields, files = {}, {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if part.get_filename():
            files[name] = (part.get_filename(), part.get_payload(decode=True))
        else:
            fields[name] = part.get_content().strip()
    return fields, files


@contextmanager
def serve(site, certificate: str | None = None):
    """The site's address, http://127.0.0.1:<port> (https with `certificate`, a PEM of a key and its certificate),
    while the block runs."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler(site))
    if certificate:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(certificate)
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    site.wwwroot = f"{'https' if certificate else 'http'}://127.0.0.1:{server.server_address[1]}"
    try:
        yield site.wwwroot
    finally:
        server.shutdown()
        server.server_close()
