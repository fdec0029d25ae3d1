"""The web-service double's HTTP end (tests/moodle_webservice.py): a real HTTP server on the loopback address (HTTPS
with a certificate) that hands each request to the Site's entry points, and a network that can drop requests."""
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
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            with site.lock:
                site.bodies.append(body)
                if site.drops or site.cut_after == 0:
                    site.drops = max(site.drops - 1, 0)
                    self.close_connection = True
                    return  # the network drops the request: no answer
                if site.cut_after:
                    site.cut_after -= 1
                if self.path == "/webservice/rest/server.php":
                    status, answer = site.rest(dict(urllib.parse.parse_qsl(body.decode(), keep_blank_values=True)))
                elif self.path == "/webservice/upload.php":
                    status, answer = site.upload(*multipart(self.headers["Content-Type"], body))
                else:
                    status, answer = 404, b""
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

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
    try:
        yield f"{'https' if certificate else 'http'}://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
