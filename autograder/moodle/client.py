"""Moodle's web services, the client end: the REST protocol (webservice/rest/server.php), the upload of files into
the token user's draft area (webservice/upload.php) and the download of a file Moodle lists with its `fileurl`
(webservice/pluginfile.php), with the standard library's urllib.

The token travels only in the body of a POST over HTTPS with certificate checks (plain HTTP only to a
loopback address, for the tests); no message, exception or shown address of this module holds it.
Moodle answers a failure with HTTP 200 and {exception, errorcode, message} (upload.php: {error, errorcode});
the message is in the site's language and the exception's class is namespaced since 4.5, so only the
errorcode is read. Network failures are retried RETRIES times, then reported.
"""
import http.client
import ipaddress
import json
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path
from typing import Any, Callable

# the functions `make push` calls, and those `make pull` calls: the token's external service must offer them
FUNCTIONS = ("core_webservice_get_site_info", "mod_assign_get_assignments", "mod_assign_get_user_mappings",
             "mod_assign_get_grades", "mod_assign_save_grades")
PULL_FUNCTIONS = ("core_webservice_get_site_info", "mod_assign_get_assignments", "mod_assign_get_user_mappings",
                  "mod_assign_get_submissions", "mod_assign_list_participants")
PLUGINFILE = "/webservice/pluginfile.php"
CHUNK = 1 << 20
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

    def fetch(self, fileurl: str, to: Path) -> int:
        """Write the file that Moodle lists at `fileurl` (webservice/pluginfile.php) to `to`; its size in bytes.

        pluginfile.php reads the token with required_param, which takes the POST body before the query: it goes in
        the body. The address must be this site's pluginfile.php, so that the token goes nowhere else."""
        parts, site = urllib.parse.urlsplit(fileurl), urllib.parse.urlsplit(self.url)
        shown = urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
        if ((parts.scheme, parts.netloc) != (site.scheme, site.netloc) or parts.username
                or not parts.path.startswith(site.path + PLUGINFILE + "/") and parts.path != site.path + PLUGINFILE):
            raise MoodleError(f"Moodle lists a file at {shown}, outside {self.url}{PLUGINFILE}: give MOODLE_URL as the "
                              f"site gives its own address (the address of its front page)")

        def save(response) -> int:
            # send_stored_file forces the download (Content-Disposition: attachment); pluginfile.php is an
            # AJAX_SCRIPT, so its errors come as JSON {error, errorcode}, 404 for a file it cannot serve
            if not response.headers.get("Content-Disposition", "").startswith("attachment"):
                raise refused(shown, response.read(1 << 16))
            written, declared = 0, response.headers.get("Content-Length")
            with open(to, "wb") as file:
                while chunk := response.read(CHUNK):
                    file.write(chunk)
                    written += len(chunk)
            if declared is not None and written != int(declared):  # http.client ends a cut answer quietly
                raise http.client.IncompleteRead(b"", int(declared) - written)
            return written

        body = urllib.parse.urlencode([("token", self._token)]).encode()
        address = urllib.parse.urlunsplit(parts._replace(path=urllib.parse.quote(parts.path, safe="/%")))
        return self._send(address, shown, body, "application/x-www-form-urlencoded", "download", save, errors=(404,))

    def _post(self, path: str, body: bytes, kind: str, what: str):
        shown = self.url + path
        text = self._send(shown, shown, body, kind, what, lambda response: response.read().decode("utf-8"))
        try:
            return json.loads(text) if text.strip() else None
        except json.JSONDecodeError:
            raise MoodleError(f"{what}: {shown} did not answer as Moodle's web services do (no JSON): is "
                              f"MOODLE_URL the site's address?") from None

    def _send(self, url: str, shown: str, body: bytes, kind: str, what: str, read: Callable, errors: tuple = ()):
        """read(response) of a POST, tried RETRIES times while the network fails (also in the middle of an answer);
        an HTTP status of `errors` is read as an answer."""
        request = urllib.request.Request(url, data=body, headers={"Content-Type": kind}, method="POST")
        for attempt in range(1, self.retries + 1):
            try:
                with urllib.request.urlopen(request, timeout=TIMEOUT, context=self._tls) as response:
                    return read(response)
            except urllib.error.HTTPError as error:
                if error.code in errors:
                    return read(error)
                if error.code == 403:  # webservice/rest/server.php: !webservice_protocol_is_enabled('rest')
                    raise MoodleError(f"{what}: {shown} answered 403 Forbidden: web services or the REST protocol "
                                      f"are off. Site administration > General > Advanced features > Enable web "
                                      f"services, and {SERVICES} > Manage protocols > REST") from None
                if error.code < 500 or attempt == self.retries:
                    raise MoodleError(f"{what}: {shown} answered HTTP {error.code}: is MOODLE_URL the site's "
                                      f"address (the one its front page has)?") from None
            except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
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


def refused(shown: str, answer: bytes) -> MoodleError:
    """What pluginfile.php's error answer means, and what to do."""
    try:
        error = json.loads(answer)
        code = str(error["errorcode"])
    except (ValueError, TypeError, KeyError):
        return MoodleError(f"download: {shown} did not answer as Moodle's webservice/pluginfile.php does (no file, no "
                           f"error): is MOODLE_URL the site's address?")
    if code == "filenotfound":  # send_file_not_found: gone, or the token's user may not see it (can_view_submission)
        return MoodleError(f"download: Moodle no longer serves {shown} (filenotfound): the student changed the "
                           f"submission during the pull, or the token's user may not see it (give that user the "
                           f"Teacher role in the course); run the same command again", code)
    if code == "accessexception":  # webservice/pluginfile.php: the service's downloadfiles is off
        return MoodleError(f"download: Moodle answered accessexception. Tick \"Can download files\" in the token's "
                           f"external service ({SERVICES} > External services > Edit)", code)
    return failure("download", code, str(error.get("error", "")))


def site_info(client: Client, functions: tuple[str, ...] = FUNCTIONS, service: str = "uploadfiles") -> dict:
    """core_webservice_get_site_info, after checking that the token's service offers `functions` and allows what
    `service` names: uploads (`make push`'s feedback pages) or downloads (`make pull`'s submissions)."""
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
    missing = [f for f in functions if f not in {function["name"] for function in info.get("functions", [])}]
    if missing:
        raise MoodleError(f"the token's external service lacks {', '.join(missing)}: add them ({SERVICES} > "
                          f"External services > Functions)", "accessexception")
    if not info.get(service):
        what, box = {"uploadfiles": ("uploads, which the feedback pages need", "Can upload files"),
                     "downloadfiles": ("downloads, which the submitted files need", "Can download files")}[service]
        raise MoodleError(f"the token's external service does not allow {what}: tick \"{box}\" ({SERVICES} > "
                          f"External services > Edit)", "accessexception")
    return info
