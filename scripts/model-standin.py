#!/usr/bin/env python3
"""A stand-in for an OpenAI-compatible chat-completions endpoint, for tests: a separate process on loopback that
answers `POST /v1/chat/completions` the way OpenAI documents it (and llama.cpp, Ollama and vLLM follow): with
`"stream": true`, `Content-Type: text/event-stream` and server-sent events whose data is a `chat.completion.chunk`
(`{"choices": [{"index": 0, "delta": {"content": "..."}, "finish_reason": null}]}`), a last chunk with
`"finish_reason": "stop"`, then `data: [DONE]`; without it, one `chat.completion`. Errors are
`{"error": {"message", "type", "code"}}` with their status (401 for a wrong key when `--key` is given).

Its answer is made from the request: it names the sources listed in the last user message ("• owner/name [n]: ...")
and cites them, plus a citation of a source that does not exist ([12]) that RepoFinder must drop. It streams the
answer three characters a chunk (so citations split across chunks), `--delay` seconds apart.

The model's name picks how it behaves, so one stand-in serves every case:
- `standin`: the answer, streamed whole.
- `standin-stall`: two chunks, then silence (until the client gives up).
- `standin-silent`: the response's head, then silence.
- `standin-disconnect`: two chunks, then the connection closes mid-stream.
- `standin-malformed`: two chunks, then a chunk whose data is not JSON.
- `standin-error-chunk`: two chunks, then `data: {"error": {...}}`.
- `standin-overloaded`: 503 with an error body.
- `standin-nothing`: `[DONE]` with no words.
- `standin-whole`: one `chat.completion` (JSON), as a server that does not stream answers.
- `standin-escapes`: the answer wrapped in terminal escapes (an OSC window title, `ESC[31m` colours, a U+202E
  override, a BEL), split across chunks like every answer, which RepoFinder must take out.

For the tests' bookkeeping (not the API): `GET /_standin/requests` lists the requests received (model, messages,
stream, max_tokens, authorization). `POST /_standin/behaviour` with `{"model": NAME, "delay": SECONDS}` makes the
requests that follow behave as the model NAME would (whatever model they name) and wait SECONDS between chunks; a
field that is null (or `{}`) goes back to the request's own model and `--delay` (scripts/attack-2.py switches the
behaviour of one running stand-in this way).

Prints the port it listens on, then serves until stdin closes (or, with `--forever`, until it is killed).

usage: model-standin.py [--key KEY] [--delay SECONDS] [--forever]
"""
import argparse
import json
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

received = []
lock = threading.Lock()
behaviour = {}  # POST /_standin/behaviour: "model" and "delay" overriding the request's model and --delay


def answer_text(messages):
    last = next((m["content"] for m in reversed(messages) if m.get("role") == "user"), "")
    names = re.findall(r"^• (\S+) \[(\d+)\]:", last, flags=re.MULTILINE)
    if not names:
        return "Nothing in the sources fits that."
    text = f"The best fit is {names[0][0]} [{names[0][1]}]"
    if len(names) > 1:
        text += f"; compare {names[1][0]} [{names[1][1]}, 12]"
    return text + ". An imagined one [12] is left out."


# What `standin-escapes` adds around its answer: an OSC title, CSI colours, a bidirectional override, a BEL.
ESCAPES_BEFORE = "\x1b]0;owned by the model\x07\x1b[31m"
ESCAPES_AFTER = "\x1b[0m \u202etxt.exe\x07 \x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\"


def chunk(content=None, finish=None, role=None):
    delta = {}
    if role:
        delta["role"] = role
    if content is not None:
        delta["content"] = content
    return {
        "id": "chatcmpl-standin", "object": "chat.completion.chunk", "created": int(time.time()),
        "model": "standin", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # socketserver's listen backlog is 5: ten clients connecting at once had some connections wait out a 1 s connect
    # timeout (a real endpoint's backlog is in the hundreds).
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # A client that gives up on a silent model resets its connection: expected here, not worth a trace.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    key = None
    delay = 0.002

    def log_message(self, *args):
        pass

    def send_json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def error(self, status, message, kind, code=None):
        self.send_json(status, {"error": {"message": message, "type": kind, "param": None, "code": code}})

    def do_GET(self):
        if self.path.startswith("/_standin/requests"):
            with lock:
                self.send_json(200, list(received))
        else:
            self.error(404, "Not found", "invalid_request_error")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if self.path.startswith("/_standin/behaviour"):
            with lock:
                behaviour.clear()
                behaviour.update({k: v for k, v in json.loads(raw or b"{}").items() if v is not None})
                return self.send_json(200, dict(behaviour))
        if not self.path.rstrip("/").endswith("/chat/completions"):
            return self.error(404, f"Unknown path {self.path}", "invalid_request_error")
        try:
            body = json.loads(raw)
        except ValueError:
            return self.error(400, "The body is not JSON.", "invalid_request_error")
        authorization = self.headers.get("Authorization")
        with lock:
            received.append({
                "model": body.get("model"), "messages": body.get("messages"), "stream": body.get("stream"),
                "max_tokens": body.get("max_tokens"), "authorization": authorization,
            })
        if self.key is not None and authorization != f"Bearer {self.key}":
            return self.error(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key")
        model = body.get("model", "")
        with lock:
            model = behaviour.get("model", model)
            if "delay" in behaviour:
                self.delay = float(behaviour["delay"])
        if model == "standin-overloaded":
            return self.error(503, "The model is overloaded; try again later.", "server_error")
        text = answer_text(body.get("messages") or [])
        if model == "standin-escapes":
            text = ESCAPES_BEFORE + text + ESCAPES_AFTER
        if not body.get("stream") or model == "standin-whole":
            return self.send_json(200, {
                "id": "chatcmpl-standin", "object": "chat.completion", "created": int(time.time()), "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            })
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            self.stream(model, text)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def write(self, data):
        encoded = data.encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(encoded), encoded))
        self.wfile.flush()

    def event(self, payload):
        self.write("data: " + (payload if isinstance(payload, str) else json.dumps(payload)) + "\n\n")

    def silence(self):
        # Until the client gives up: a write to a closed connection fails at last; a minute at most.
        for _ in range(600):
            time.sleep(0.1)
        self.close_connection = True

    def stream(self, model, text):
        if model == "standin-silent":
            return self.silence()
        self.event(chunk(content="", role="assistant"))
        if model == "standin-nothing":
            self.event(chunk(finish="stop"))
            self.event("[DONE]")
            return self.write("")
        pieces = [text[i:i + 3] for i in range(0, len(text), 3)]
        for index, piece in enumerate(pieces):
            if index == 2 and model in ("standin-stall", "standin-disconnect", "standin-malformed",
                                        "standin-error-chunk"):
                if model == "standin-stall":
                    return self.silence()
                if model == "standin-disconnect":
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if model == "standin-malformed":
                    self.event('{"choices": [{"delta": {"content": "broke')
                else:
                    self.event({"error": {"message": "The model crashed.", "type": "server_error"}})
                self.event("[DONE]")
                return self.write("")
            self.event(chunk(content=piece))
            time.sleep(self.delay)
        self.event(chunk(finish="stop"))
        self.event("[DONE]")
        self.write("")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--key")
    parser.add_argument("--delay", type=float, default=0.002)
    parser.add_argument("--forever", action="store_true")
    args = parser.parse_args()
    Handler.key = args.key
    Handler.delay = args.delay
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    if args.forever:
        server.serve_forever()
        return
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
