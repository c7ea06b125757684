#!/usr/bin/env bash
# The web app over HTTPS in headless Chromium, with the test certificate trusted the way a person's machine trusts a
# certificate (Chromium's NSS database, certutil from Debian's libnss3-tools): onboarding, the deck, the service
# worker installed and the app offline and back, and signing in with the stand-in GitHub — first against a server
# serving TLS itself (--tls-certificate), then through HAProxy terminating TLS in front of a plain-HTTP server that
# trusts its X-Forwarded-Proto and -Host (deploy/haproxy.cfg). Usage: scripts/web-https.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/repofinder}
mkdir -p test-artifacts/web-https
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
missing=()
command -v certutil >/dev/null 2>&1 || missing+=(libnss3-tools)
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
command -v chromium >/dev/null 2>&1 || missing+=(chromium chromium-driver)
if [ ${#missing[@]} -gt 0 ]; then
    echo "web-https: installing ${missing[*]} from Debian packages"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >test-artifacts/apt-web-https.log
fi
python3 -c 'import selenium' >/dev/null 2>&1 || pip install -q 'selenium>=4.20,<5' 2>&1 | grep -v 'Running pip as' || true
source scripts/serve-background.sh
work=$(mktemp -d)
haproxy_pid=""
trap 'stop_server; stop_github_standin; [ -z "$haproxy_pid" ] || kill "$haproxy_pid" 2>/dev/null; rm -rf "$work"' EXIT

# A certificate made now, for 127.0.0.1 and localhost, trusted in Chromium's NSS database as a person's own CA would
# be (a new HOME, so nothing of this machine's is touched).
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$work/key.pem" \
    -out "$work/cert.pem" -days 2 -subj "/CN=RepoFinder test" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -addext "basicConstraints=critical,CA:TRUE" 2>/dev/null
export HOME=$work/home
mkdir -p "$HOME/.pki/nssdb"
certutil -d "sql:$HOME/.pki/nssdb" -N --empty-password
certutil -d "sql:$HOME/.pki/nssdb" -A -t "CT,C,C" -n repofinder-test -i "$work/cert.pem"
# Python's own requests (the walk's checks) trust it too.
export SSL_CERT_FILE=$work/cert.pem

start_github_standin octo-stars=250
github=$GITHUB_STANDIN_URL
use_github_standin

# 1. The server serves HTTPS itself.
port=$(free_port)
"$binary" serve --port "$port" --database "$work/direct.sqlite" --tls-certificate "$work/cert.pem" \
    --tls-key "$work/key.pem" >test-artifacts/web-https-direct.log 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do curl -fs --cacert "$work/cert.pem" "https://127.0.0.1:$port/health" >/dev/null && break; sleep 0.2; done
echo "web-https: direct, https://127.0.0.1:$port ($(curl -sS --cacert "$work/cert.pem" -o /dev/null -w 'HTTP/%{http_version}' "https://127.0.0.1:$port/health"))"
python3 Tests/WebEndToEnd/e2e.py --url "https://127.0.0.1:$port" --database "$work/direct.sqlite" --github "$github" \
    --artifacts test-artifacts/web-https/direct --only offline,sign_in
stop_server

# 2. HAProxy terminates TLS in front of a plain-HTTP server on loopback (a fresh stand-in GitHub: the walk counts the
# tokens it issued).
stop_github_standin
start_github_standin octo-stars=250
github=$GITHUB_STANDIN_URL
use_github_standin
backend=$(free_port)
proxy=$(free_port)
"$binary" serve --port "$backend" --database "$work/proxied.sqlite" --trusted-proxies 127.0.0.1 \
    >test-artifacts/web-https-proxied.log 2>&1 &
SERVER_PID=$!
# Ready, not only listening: HAProxy sends nothing to a backend whose /health/ready says 503 (its search index and Ask's
# sentence model still loading, some seconds in a debug build).
for _ in $(seq 1 600); do curl -fs "http://127.0.0.1:$backend/health/ready" >/dev/null && break; sleep 0.2; done
cat "$work/cert.pem" "$work/key.pem" >"$work/haproxy.pem"
sed -e "s#/etc/haproxy/repofinder.pem#$work/haproxy.pem#" -e "s#bind :443#bind 127.0.0.1:$proxy#" \
    -e '/bind :80$/d' -e '/redirect scheme https/d' -e '/log \/dev\/log/d' -e '/^    server app/d' \
    deploy/haproxy.cfg >"$work/haproxy.cfg"
echo "    server app1 127.0.0.1:$backend" >>"$work/haproxy.cfg"
haproxy -db -f "$work/haproxy.cfg" >test-artifacts/web-https-haproxy.log 2>&1 &
haproxy_pid=$!
for _ in $(seq 1 100); do curl -fs --cacert "$work/cert.pem" "https://127.0.0.1:$proxy/health/ready" >/dev/null && break; sleep 0.1; done
echo "web-https: through HAProxy, https://127.0.0.1:$proxy ($(curl -sS --cacert "$work/cert.pem" -o /dev/null -w 'HTTP/%{http_version}' "https://127.0.0.1:$proxy/health"))"
python3 Tests/WebEndToEnd/e2e.py --url "https://127.0.0.1:$proxy" --database "$work/proxied.sqlite" \
    --github "$github" --artifacts test-artifacts/web-https/proxied --only offline,sign_in
echo "web-https: passed, directly and through the proxy"
