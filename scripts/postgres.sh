#!/usr/bin/env bash
# Makes a PostgreSQL server answer on loopback for the tests, installing it from Debian's packages if needed,
# and exports REPOFINDER_TEST_POSTGRES_URL. Source it: `source scripts/postgres.sh`.
# A URL already in REPOFINDER_TEST_POSTGRES_URL is used as it is.

ensure_postgres() {
    if [ -n "${REPOFINDER_TEST_POSTGRES_URL:-}" ]; then
        echo "postgres: using REPOFINDER_TEST_POSTGRES_URL from the environment"
        return 0
    fi
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if ! command -v pg_ctlcluster >/dev/null 2>&1; then
        echo "postgres: installing postgresql from Debian packages"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
    fi
    local cluster
    cluster=$(pg_lsclusters -h | head -n 1)
    if [ -z "$cluster" ]; then
        local version
        version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
        $sudo pg_createcluster "$version" main >/dev/null
        cluster=$(pg_lsclusters -h | head -n 1)
    fi
    local version name port status
    read -r version name port status _ <<<"$cluster"
    if [ "$status" != "online" ]; then
        $sudo pg_ctlcluster "$version" "$name" start
    fi
    for _ in $(seq 1 30); do
        pg_isready -q -h 127.0.0.1 -p "$port" && break
        sleep 1
    done
    pg_isready -h 127.0.0.1 -p "$port"
    local psql="psql -q -v ON_ERROR_STOP=1 -p $port"
    # From / : the postgres user may not enter the (private) directory the tests run in.
    as_postgres() { (cd / && $sudo su postgres -c "$1"); }
    # The whole suite runs at once, each PostgreSQL test with a pool of up to 8 connections: Debian's 100 ran out
    # ("remaining connection slots are reserved"). 300 takes a restart, once.
    if [ "$(as_postgres "$psql -tAc 'SHOW max_connections'")" -lt 300 ]; then
        as_postgres "$psql -c 'ALTER SYSTEM SET max_connections = 300'"
        $sudo pg_ctlcluster "$version" "$name" restart
        for _ in $(seq 1 30); do
            pg_isready -q -h 127.0.0.1 -p "$port" && break
            sleep 1
        done
    fi
    as_postgres "$psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'repofinder'\"" | grep -q 1 \
        || as_postgres "$psql -c \"CREATE ROLE repofinder LOGIN PASSWORD 'repofinder'\""
    # The backup test restores a pg_dump into a database of its own, as an operator would.
    as_postgres "$psql -c 'ALTER ROLE repofinder CREATEDB'" >/dev/null
    as_postgres "$psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'repofinder_test'\"" | grep -q 1 \
        || as_postgres "$psql -c 'CREATE DATABASE repofinder_test OWNER repofinder'"
    export REPOFINDER_TEST_POSTGRES_URL="postgres://repofinder:repofinder@127.0.0.1:$port/repofinder_test"
    echo "postgres: ready at 127.0.0.1:$port (PostgreSQL $version)"
}
