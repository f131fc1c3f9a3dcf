#!/usr/bin/env bash
# Throwaway PostgreSQL and Firebird servers for the database targets' tests and shipped configs.
#
#   .ci/db-servers.sh [start] [postgres|firebird] [DIR] [PORT]
#       install Debian's packages when missing, create the server's files under DIR on first use,
#       start it on loopback, wait until it answers. Without a server name: both.
#       PostgreSQL: DIR default /tmp/storagebench-pg, PORT 55432.
#       Firebird:   FB_DIR default /tmp/storagebench-fb, FB_PORT 53050 (environment variables, so the
#                   positional DIR and PORT keep meaning PostgreSQL's).
#   .ci/db-servers.sh stop [postgres|firebird] [DIR]      stop (the files stay for the next start)
#   .ci/db-servers.sh destroy [postgres|firebird] [DIR]   stop and delete the directory
#
# `start` prints shell lines on stdout, so `eval "$(.ci/db-servers.sh start)"` sets
# STORAGEBENCH_PG_URL, STORAGEBENCH_PG_USER, STORAGEBENCH_PG_PASSWORD, STORAGEBENCH_PG_TABLESPACE_ROOT
# and STORAGEBENCH_FB_URL, STORAGEBENCH_FB_USER, STORAGEBENCH_FB_PASSWORD, STORAGEBENCH_FB_DATABASE_ROOT;
# progress goes to stderr. Idempotent: a running server is left as it is. Runs as root (the servers
# run as the postgres and firebird users) or as those users themselves. Passwords are random, made on
# first start, kept in DIR/password (mode 600). The servers listen on loopback only; they are for
# tests, not data.
#
# PostgreSQL: the role `storagebench` is the cluster's superuser: creating tablespaces and ALTER
# SYSTEM (the file-init workload's wal_init_zero) need it.
#
# Firebird (Debian's firebird3.0-server and firebird3.0-utils; no systemd needed): the packaged
# server binary runs with a private configuration, so it neither touches nor needs the packaged
# service (which may run on port 3050 beside it):
#   FB_DIR/root/            the server's root (FIREBIRD=...): symlinks to the installed plugins, intl,
#                           lib and firebird.msg, and its own firebird.conf (RemoteServicePort,
#                           RemoteBindAddress = 127.0.0.1, SecurityDatabase, DatabaseAccess restricted
#                           to FB_DIR/databases and FB_DIR/data) and databases.conf (the alias
#                           `storagebench`); firebird.log is written here
#   FB_DIR/security3.fdb    a copy of the installed security database; SYSDBA's password set in
#                           embedded mode, before the server starts:
#                             FIREBIRD=FB_DIR/root FIREBIRD_LOCK=FB_DIR/lock isql-fb -user SYSDBA \
#                               FB_DIR/security3.fdb  <<< "CREATE OR ALTER USER SYSDBA PASSWORD '...';"
#   FB_DIR/lock/            lock and IPC files (FIREBIRD_LOCK, FIREBIRD_TMP): apart from any other server
#   FB_DIR/data/            storagebench.fdb, the database the URL names (alias storagebench)
#   FB_DIR/databases/       the database root: where workloads create their database files
#   FB_DIR/firebird.pid     the server: FIREBIRD=FB_DIR/root ... setsid /usr/sbin/firebird (SuperServer),
#                           run as the firebird user; stop sends it SIGTERM (a clean shutdown)
# The user is SYSDBA: creating and dropping databases needs it (or a user granted CREATE DATABASE).
# Clients reach it as 127.0.0.1/FB_PORT:storagebench (isql-fb, gbak; ISC_PASSWORD passes the
# password) or jdbc:firebird://127.0.0.1:FB_PORT/storagebench.
set -euo pipefail

cmd=start
case "${1:-}" in
  start|stop|destroy) cmd=$1; shift ;;
esac
servers="postgres firebird"
case "${1:-}" in
  postgres|firebird) servers=$1; shift ;;
esac
if [[ $servers == firebird ]]; then
  fb_dir=${1:-${FB_DIR:-/tmp/storagebench-fb}}
  fb_port=${2:-${FB_PORT:-53050}}
  dir=/tmp/storagebench-pg
  port=55432
else
  dir=${1:-/tmp/storagebench-pg}
  port=${2:-55432}
  fb_dir=${FB_DIR:-/tmp/storagebench-fb}
  fb_port=${FB_PORT:-53050}
fi
role=storagebench
data=$dir/data
socket=$dir/run
serverlog=$dir/log/server.log

log() { echo "db-servers: $*" >&2; }

as_postgres() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

bindir() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  [[ -n $found ]] && echo "$found"
}

install_postgres() {
  if [[ -n $(bindir) ]]; then
    return
  fi
  if [[ $(id -u) -ne 0 ]]; then
    log "PostgreSQL is not installed and installing it needs root"
    exit 1
  fi
  log "installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q postgresql >&2 || { apt-get update -q >&2 && apt-get install -y -q postgresql >&2; }
}

running() {
  [[ -f $data/PG_VERSION ]] && as_postgres "$(bindir)/pg_ctl" -D "$data" status >/dev/null 2>&1
}

create_cluster() {
  mkdir -p "$dir"
  chmod 755 "$dir"
  if [[ ! -s $dir/password ]]; then
    (umask 077; head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$dir/password")
  fi
  if [[ -f $data/PG_VERSION ]]; then
    return
  fi
  log "creating a cluster in $data"
  mkdir -p "$data" "$socket" "$dir/log" "$dir/tablespaces"
  chown postgres: "$data" "$socket" "$dir/log" "$dir/tablespaces" 2>/dev/null || true
  chmod 700 "$data"
  local pwfile
  pwfile=$(mktemp)
  cp "$dir/password" "$pwfile"
  chown postgres: "$pwfile" 2>/dev/null || true
  as_postgres "$(bindir)/initdb" -D "$data" -U "$role" --pwfile="$pwfile" --auth-host=scram-sha-256 \
    --auth-local=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { rm -f "$pwfile"; cat "$dir/initdb.log" >&2; exit 1; }
  rm -f "$pwfile"
  cat >>"$data/postgresql.conf" <<EOF

# storagebench: a throwaway test cluster, loopback only
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$socket'
track_io_timing = on
track_wal_io_timing = on
max_connections = 50
EOF
}

pg_start() {
  install_postgres
  if running; then
    log "already running ($data)"
  else
    create_cluster
    sed -i "s/^port = .*/port = $port/" "$data/postgresql.conf"
    log "starting on 127.0.0.1:$port"
    as_postgres "$(bindir)/pg_ctl" -D "$data" -l "$serverlog" -w -t 60 start >&2 \
      || { tail -20 "$serverlog" >&2; exit 1; }
  fi
  local i
  for i in $(seq 1 60); do
    if "$(bindir)/pg_isready" -q -h 127.0.0.1 -p "$port"; then
      break
    fi
    sleep 1
  done
  "$(bindir)/pg_isready" -q -h 127.0.0.1 -p "$port" || { log "no answer on 127.0.0.1:$port"; exit 1; }
  as_postgres "$(bindir)/psql" -h "$socket" -p "$port" -U "$role" -d postgres -qAt \
    -c "SELECT 1 FROM pg_database WHERE datname = '$role'" | grep -q 1 \
    || as_postgres "$(bindir)/createdb" -h "$socket" -p "$port" -U "$role" "$role"
  log "ready: jdbc:postgresql://127.0.0.1:$port/$role"
  echo "export STORAGEBENCH_PG_URL='jdbc:postgresql://127.0.0.1:$port/$role'"
  echo "export STORAGEBENCH_PG_USER='$role'"
  echo "export STORAGEBENCH_PG_PASSWORD='$(cat "$dir/password")'"
  echo "export STORAGEBENCH_PG_TABLESPACE_ROOT='$dir/tablespaces'"
}

pg_stop() {
  if [[ -n $(bindir) ]] && running; then
    as_postgres "$(bindir)/pg_ctl" -D "$data" -m fast -w stop >&2
  else
    log "not running ($data)"
  fi
}

# --- Firebird ---------------------------------------------------------------------------------

fb_home=/usr/lib/x86_64-linux-gnu/firebird/3.0

as_firebird() {
  if [[ $(id -u) -eq 0 ]]; then
    setpriv --reuid=firebird --regid=firebird --init-groups "$@"
  else
    "$@"
  fi
}

install_firebird() {
  if [[ -x /usr/sbin/firebird ]] && command -v isql-fb >/dev/null && command -v gbak >/dev/null; then
    return
  fi
  if [[ $(id -u) -ne 0 ]]; then
    log "Firebird is not installed and installing it needs root"
    exit 1
  fi
  log "installing Debian's firebird3.0-server and firebird3.0-utils"
  export DEBIAN_FRONTEND=noninteractive
  local pkgs=(firebird3.0-server firebird3.0-utils)
  apt-get install -y -q "${pkgs[@]}" >&2 || { apt-get update -q >&2 && apt-get install -y -q "${pkgs[@]}" >&2; }
}

fb_pid() {
  local pid
  pid=$(cat "$fb_dir/firebird.pid" 2>/dev/null || true)
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && grep -q firebird "/proc/$pid/cmdline" 2>/dev/null; then
    echo "$pid"
  fi
}

fb_sql() {  # fb_sql SQL: runs SQL on the storagebench database through the server, output on stdout
  ISC_PASSWORD=$(cat "$fb_dir/password") isql-fb -q -user SYSDBA "127.0.0.1/$fb_port:storagebench" \
    <<<"$1" 2>&1 || true
}

fb_create() {
  mkdir -p "$fb_dir"
  chmod 755 "$fb_dir"
  if [[ ! -s $fb_dir/password ]]; then
    # hex only: it goes unquoted through isql into a statement
    (umask 077; head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$fb_dir/password")
  fi
  mkdir -p "$fb_dir/root" "$fb_dir/lock" "$fb_dir/data" "$fb_dir/databases"
  local f
  for f in firebird.msg intl lib plugins UDF plugins.conf fbtrace.conf; do
    if [[ -e $fb_home/$f ]]; then
      ln -sfn "$fb_home/$f" "$fb_dir/root/$f"
    fi
  done
  printf '%s\n' "# storagebench: a throwaway test server, loopback only (written by .ci/db-servers.sh)" \
    "ServerMode = Super" \
    "RemoteServicePort = $fb_port" \
    "RemoteBindAddress = 127.0.0.1" \
    "SecurityDatabase = $fb_dir/security3.fdb" \
    "IpcName = storagebench_fb" >"$fb_dir/root/firebird.conf"
  printf '%s\n' "security.db = $fb_dir/security3.fdb" \
    "storagebench = $fb_dir/data/storagebench.fdb" >"$fb_dir/root/databases.conf"
  if [[ $(id -u) -eq 0 ]]; then
    chown -R firebird: "$fb_dir/root" "$fb_dir/lock" "$fb_dir/data" "$fb_dir/databases"
  fi
  chmod 770 "$fb_dir/lock"
  chmod 775 "$fb_dir/databases"
  if [[ -f $fb_dir/security3.fdb ]]; then
    return
  fi
  log "making a security database in $fb_dir"
  install -m 660 /var/lib/firebird/3.0/system/security3.fdb "$fb_dir/security3.fdb"
  if [[ $(id -u) -eq 0 ]]; then
    chown firebird: "$fb_dir/security3.fdb"
  fi
  # embedded mode (no server, no password check); the password is hex, safe in the statement
  printf '%s\n' "CREATE OR ALTER USER SYSDBA PASSWORD '$(cat "$fb_dir/password")' USING PLUGIN Srp;" "COMMIT;" \
    | as_firebird env FIREBIRD="$fb_dir/root" FIREBIRD_LOCK="$fb_dir/lock" FIREBIRD_TMP="$fb_dir/lock" \
      isql-fb -q -bail -user SYSDBA "$fb_dir/security3.fdb" >"$fb_dir/security.log" 2>&1 \
    || { cat "$fb_dir/security.log" >&2; rm -f "$fb_dir/security3.fdb"; exit 1; }
}

fb_restrict() {  # after the security database is made: clients may open databases in these only
  sed -i '/^DatabaseAccess/d' "$fb_dir/root/firebird.conf"
  echo "DatabaseAccess = Restrict $fb_dir/databases;$fb_dir/data" >>"$fb_dir/root/firebird.conf"
}

fb_answers() {
  fb_sql 'SELECT 42 FROM rdb$database;' | grep -q 42
}

fb_start() {
  install_firebird
  if [[ -n $(fb_pid) ]]; then
    log "Firebird already running ($fb_dir, pid $(fb_pid))"
  else
    fb_create
    fb_restrict
    sed -i "s/^RemoteServicePort = .*/RemoteServicePort = $fb_port/" "$fb_dir/root/firebird.conf"
    log "starting Firebird on 127.0.0.1:$fb_port"
    local as=()
    if [[ $(id -u) -eq 0 ]]; then
      as=(setpriv --reuid=firebird --regid=firebird --init-groups)
    fi
    # its own session; bash writes its pid and execs (setpriv and env exec too), so the pid is the server's
    setsid bash -c 'echo $$ >"$0"; exec "$@"' "$fb_dir/firebird.pid" "${as[@]}" \
      env FIREBIRD="$fb_dir/root" FIREBIRD_LOCK="$fb_dir/lock" FIREBIRD_TMP="$fb_dir/lock" \
      /usr/sbin/firebird </dev/null >>"$fb_dir/server.log" 2>&1 &
  fi
  local i
  for i in $(seq 1 60); do
    if [[ ! -f $fb_dir/data/storagebench.fdb ]]; then
      fb_sql "CREATE DATABASE '127.0.0.1/$fb_port:storagebench' PAGE_SIZE 8192;" >"$fb_dir/create.log"
    fi
    if fb_answers; then
      break
    fi
    if [[ $i -gt 2 && -z $(fb_pid) ]]; then
      log "the Firebird server stopped; its logs say:"
      tail -20 "$fb_dir/server.log" "$fb_dir/root/firebird.log" "$fb_dir/create.log" >&2 2>/dev/null || true
      exit 1
    fi
    sleep 1
  done
  fb_answers || { log "no answer on 127.0.0.1:$fb_port:"; fb_sql 'SELECT 42 FROM rdb$database;' >&2; exit 1; }
  log "ready: jdbc:firebird://127.0.0.1:$fb_port/storagebench"
  echo "export STORAGEBENCH_FB_URL='jdbc:firebird://127.0.0.1:$fb_port/storagebench'"
  echo "export STORAGEBENCH_FB_USER='SYSDBA'"
  echo "export STORAGEBENCH_FB_PASSWORD='$(cat "$fb_dir/password")'"
  echo "export STORAGEBENCH_FB_DATABASE_ROOT='$fb_dir/databases'"
}

fb_stop() {
  local pid i
  pid=$(fb_pid)
  if [[ -z $pid ]]; then
    log "Firebird not running ($fb_dir)"
    return
  fi
  kill "$pid"
  for i in $(seq 1 30); do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$fb_dir/firebird.pid"
      return
    fi
    sleep 1
  done
  log "Firebird (pid $pid) did not stop within 30 s"
  exit 1
}

for server in $servers; do
  case $server in
    postgres) prefix=pg; home=$dir ;;
    firebird) prefix=fb; home=$fb_dir ;;
  esac
  case $cmd in
    start) "${prefix}_start" ;;
    stop) "${prefix}_stop" ;;
    destroy) "${prefix}_stop"; rm -rf "$home" ;;
  esac
done
