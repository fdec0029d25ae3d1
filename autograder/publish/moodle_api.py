"""Moodle's web services, the client end: the REST protocol (webservice/rest/server.php) and the upload of
files into the token user's draft area (webservice/upload.php), with the standard library's urllib.

The token travels only in the body of a POST over HTTPS with certificate checks (plain HTTP only to a
loopback address, for the tests); no message, exception or shown address of this module holds it.
Moodle answers a failure with HTTP 200 and {exception, errorcode, message} (upload.php: {error, errorcode});
the message is in the site's language and the exception's class is namespaced since 4.5, so only the
errorcode is read. Network failures are retried RETRIES times, then reported.
"""
import ipaddress
import json
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any

# the functions `make push` calls: the external service of the token must offer exactly these
FUNCTIONS = ("core_webservice_get_site_info", "mod_assign_get_assignments", "mod_assign_get_user_mappings",
             "mod_assign_get_grades", "mod_assign_save_grades")
RETRIES = 3
TIMEOUT = 60  # seconds per request
SERVICES = "Site administration > Server > Web services"
TOKENS = f"{SERVICES} > Manage tokens"


class MoodleError(Exception):
    """A failure of the site or of its set-up, in a sentence that names the fix; `code`: Moodle's errorcode."""

    def __init__(self, message: str, code: str = ""):
        super().__init__(message)
        self.code = code


def checked_url(url: str) -> str:
    """The site's root address; HTTPS, or HTTP to a loopback address only."""
    parts = urllib.parse.urlsplit(url.strip())
    host = parts.hostname or ""
    if parts.scheme == "http":
        try:
            loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            raise MoodleError(f"MOODLE_URL {url} is plain HTTP: the token would cross the network readable; "
                              f"give the site's https:// address")
    elif parts.scheme != "https" or not host:
        raise MoodleError(f"MOODLE_URL {url!r} is not a site's address: give it as https://moodle.example.edu")
    if parts.query or parts.username:
        raise MoodleError("MOODLE_URL must be the site's address alone, without a query or a user name")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def form(name: str, value: object) -> list[tuple[str, str]]:
    """PHP's form encoding of a nested value, as Moodle's REST server reads its parameters (grades[0][userid])."""
    if isinstance(value, dict):
        return [pair for key, item in value.items() for pair in form(f"{name}[{key}]", item)]
    if isinstance(value, (list, tuple)):
        return [pair for i, item in enumerate(value) for pair in form(f"{name}[{i}]", item)]
    if isinstance(value, bool):
        return [(name, "1" if value else "0")]
    return [(name, str(value))]


def failure(where: str, code: str, message: str) -> MoodleError:
    """What Moodle's errorcode means for `make push`, and what to do."""
    fixes = {
        "invalidtoken": f"Moodle does not know this token: it was deleted, or it expired (Moodle deletes an expired "
                        f"token when it is used). Create a new one ({TOKENS}) and set MOODLE_TOKEN or the token file",
        "accessexception": f"Moodle refused {where}: the token's external service does not offer it, or its user is "
                           f"not allowed to use the service, or the token expired ({SERVICES} > External services, "
                           f"and Manage tokens)",
        "nopermissions": f"the token's user lacks a capability that {where} needs (\"{message}\"): give that user "
                         f"the Teacher role in the course (mod/assign:grade)",
        "invalidparameter": f"Moodle rejected the parameters of {where}: a fault of the grader, please report it",
        "invalidrecord": f"Moodle finds no such assignment for {where}: check [moodle.assignments] in course.toml",
    }
    return MoodleError(f"{where}: Moodle answered {code}. {fixes.get(code, message)}", code)


class Client:
    """One site, one token."""

    def __init__(self, url: str, token: str, retries: int = RETRIES, pause: float = 1.0):
        self.url = checked_url(url)
        self._token = token
        self.retries, self.pause = retries, pause
        self._tls = ssl.create_default_context()  # the system's certificate authorities, host names checked

    def __repr__(self) -> str:
        return f"Client({self.url!r})"

    def call(self, function: str, **params: object) -> Any:
        """A web service function's answer; MoodleError for Moodle's exceptions."""
        body = urllib.parse.urlencode([("wstoken", self._token), ("wsfunction", function),
                                       ("moodlewsrestformat", "json"),
                                       *[pair for key, value in params.items() for pair in form(key, value)]])
        answer = self._post("/webservice/rest/server.php", body.encode(), "application/x-www-form-urlencoded",
                            function)
        if isinstance(answer, dict) and "exception" in answer:
            raise failure(function, str(answer.get("errorcode")), str(answer.get("message", "")))
        return answer

    def upload(self, filename: str, data: bytes) -> int:
        """Put one file in a new draft area of the token's user (webservice/upload.php); its item id."""
        boundary = uuid.uuid4().hex
        fields = [("token", self._token), ("filearea", "draft"), ("itemid", "0"), ("filepath", "/")]
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
                 for name, value in fields]
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file_1"; filename="{filename}"\r\n'
                     f'Content-Type: application/octet-stream\r\n\r\n'.encode() + data + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        answer = self._post("/webservice/upload.php", body, f"multipart/form-data; boundary={boundary}", "upload")
        if isinstance(answer, dict) and "errorcode" in answer:
            if answer["errorcode"] == "accessexception":  # webservice/upload.php: the service's uploadfiles is off
                raise MoodleError(f"upload: Moodle answered accessexception. Tick \"Can upload files\" in the token's "
                                  f"external service ({SERVICES} > External services > Edit), or web services are "
                                  f"off (Site administration > General > Advanced features > Enable web services)")
            raise failure("upload", str(answer["errorcode"]), str(answer.get("error", "")))
        stored = answer[0] if isinstance(answer, list) and answer else {}
        if "itemid" not in stored:
            raise MoodleError(f"upload: Moodle did not store {filename}: {stored.get('error', answer)}")
        return int(stored["itemid"])

    def _post(self, path: str, body: bytes, kind: str, what: str):
        shown = self.url + path
        request = urllib.request.Request(shown, data=body, headers={"Content-Type": kind}, method="POST")
        for attempt in range(1, self.retries + 1):
            try:
                with urllib.request.urlopen(request, timeout=TIMEOUT, context=self._tls) as response:
                    text = response.read().decode("utf-8")
                break
            except urllib.error.HTTPError as error:
                if error.code == 403:  # webservice/rest/server.php: !webservice_protocol_is_enabled('rest')
                    raise MoodleError(f"{what}: {shown} answered 403 Forbidden: web services or the REST protocol "
                                      f"are off. Site administration > General > Advanced features > Enable web "
                                      f"services, and {SERVICES} > Manage protocols > REST") from None
                if error.code < 500 or attempt == self.retries:
                    raise MoodleError(f"{what}: {shown} answered HTTP {error.code}: is MOODLE_URL the site's "
                                      f"address (the one its front page has)?") from None
            except (urllib.error.URLError, OSError) as error:
                if isinstance(getattr(error, "reason", error), ssl.SSLCertVerificationError):
                    raise MoodleError(f"{what}: the HTTPS certificate of {self.url} is not valid "
                                      f"({getattr(error, 'reason', error).verify_message}): the site needs one that "
                                      f"this machine's certificate authorities vouch for") from None
                if attempt == self.retries:
                    reason = getattr(error, "reason", None) or error.__class__.__name__
                    raise MoodleError(f"{what}: the network failed {self.retries} times in a row reaching "
                                      f"{shown} ({reason}): check the address and the connection, then run "
                                      f"the same command again") from None
            time.sleep(self.pause * attempt)
        try:
            return json.loads(text) if text.strip() else None
        except json.JSONDecodeError:
            raise MoodleError(f"{what}: {shown} did not answer as Moodle's web services do (no JSON): is "
                              f"MOODLE_URL the site's address?") from None


def site_info(client: Client) -> dict:
    """core_webservice_get_site_info, after checking that the token's service offers every function and uploads."""
    try:
        info = client.call("core_webservice_get_site_info")
    except MoodleError as error:
        if error.code != "accessexception":
            raise
        # webservice/lib.php authenticate_user: an expired token fails with accessexception and is deleted, so
        # a second call tells it from a service that lacks the function
        try:
            info = client.call("core_webservice_get_site_info")
        except MoodleError as again:
            if again.code == "invalidtoken":
                raise MoodleError(f"the token has expired (its \"Valid until\" date passed, and Moodle has now "
                                  f"deleted it): create a new one ({TOKENS})", "expired") from None
            raise MoodleError(f"Moodle refused core_webservice_get_site_info (accessexception): add it to the "
                              f"token's external service ({SERVICES} > External services > Functions), and check "
                              f"that the token's user may use the service (Authorised users) and has the "
                              f"capability webservice/rest:use", again.code) from None
    missing = [f for f in FUNCTIONS if f not in {function["name"] for function in info.get("functions", [])}]
    if missing:
        raise MoodleError(f"the token's external service lacks {', '.join(missing)}: add them ({SERVICES} > "
                          f"External services > Functions)", "accessexception")
    if not info.get("uploadfiles"):
        raise MoodleError(f"the token's external service does not allow uploads, which the feedback pages need: "
                          f"tick \"Can upload files\" ({SERVICES} > External services > Edit)", "accessexception")
    return info
