#!/bin/bash
# End-to-end test on a real one-node Slurm cluster on this machine, run by
# tests/slurm.rs (as root; it installs Debian's slurm-wlm and munge with
# apt-get when they are missing):
#
#   scripts/slurm/e2e.sh CIRCE PROBLEMS LONG_PROBLEM WORKDIR
#
# starts munged, slurmctld and slurmd from a generated slurm.conf (this
# machine's CPUs, ports of its own, everything under WORKDIR), submits the
# shard array over PROBLEMS, requeues one task halfway (scontrol requeue),
# merges in a job that depends on the array (afterok), does the same with
# the first moves of LONG_PROBLEM in 3 parts, and stops the daemons it
# started, whatever happens. The results are left in WORKDIR/out for the
# test to compare with a run on one machine. Any failure exits non-zero.
set -euo pipefail
circe=$(realpath "${1:?usage: e2e.sh CIRCE PROBLEMS LONG_PROBLEM WORKDIR}")
problems=$(realpath "$2")
long=$(realpath "$3")
work=$4
here=$(dirname "$(realpath "$0")")
started=$(date +%s)
say() { echo "e2e[$(($(date +%s) - started))s]: $*"; }
die() { say "FAILED: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (to install slurm-wlm and munge, and to run slurmd)"
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null \
    || ! command -v munged >/dev/null || ! command -v sbatch >/dev/null; then
    say "installing slurm-wlm and munge (apt-get)"
    command -v apt-get >/dev/null || die "slurm-wlm and munge are missing and there is no apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || die "apt-get update failed"
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null \
        || die "apt-get install slurm-wlm munge failed"
fi

# One cluster at a time on this machine (its ports are fixed).
exec 9> /tmp/circe-slurm-e2e.lock
flock -w 900 9 || die "another e2e.sh holds /tmp/circe-slurm-e2e.lock"
rm -rf "$work"
mkdir -p "$work"/{munge,spool,state,log,out}
chmod 755 "$work/munge"
work=$(realpath "$work")
pids=()
cleanup() {
    local rc=$?
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    done
    say "daemons stopped (${pids[*]:-none})"
    if [ $rc -ne 0 ]; then
        for f in "$work"/log/*.log; do echo "--- $f"; tail -20 "$f"; done
    fi
    exit $rc
}
trap cleanup EXIT

# munge, on a socket and key of its own.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket=$work/munge/munge.socket
munged --foreground --force --socket="$socket" --key-file="$work/munge/munge.key" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" \
    --seed-file="$work/munge/seed" > "$work/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$socket" ] && break; sleep 0.1; done
[ -S "$socket" ] || die "munged did not start"

host=$(hostname -s)
cpus=$(nproc)
conf=$work/slurm.conf
cat > "$conf" <<CONF
ClusterName=circe-e2e
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
JobRequeue=1
KillWait=2
MinJobAge=600
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=e2e Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$conf
say "slurm.conf for $host with $cpus CPUs: $conf"
slurmctld -D -f "$conf" > "$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$conf" > "$work/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
    state=$(sinfo -h -o %T 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.2
done
[ "$state" = idle ] || die "the node is not idle: '$state'"
say "cluster up: $(sinfo -h -o '%P %D %c %T')"

out=$work/out
mkdir -p "$out/shards" "$out/parts"
cd "$out"
shards=4
say "sbatch --array=1-$shards --requeue shards.sbatch $problems $out/shards"
array=$(CIRCE=$circe sbatch --parsable --array=1-$shards --requeue \
    --output="$out/shards/task-%a.log" "$here/shards.sbatch" "$problems" "$out/shards")
array=${array%%;*}
say "shard array job $array"
merge=$(CIRCE=$circe sbatch --parsable --dependency=afterok:"$array" \
    --output="$out/merge.log" "$here/merge.sbatch" "$out/shards")
say "merge job $merge (--dependency=afterok:$array)"

# Task 2, halfway: requeued (Slurm kills it and runs it again).
victim=2
file=$out/shards/shard-$victim.jsonl
for _ in $(seq 2000); do
    lines=$( [ -f "$file" ] && wc -l < "$file" || echo 0)
    [ "$lines" -ge 10 ] && break
    sleep 0.02
done
[ "$lines" -ge 10 ] || die "task $victim wrote no records"
scontrol requeue "${array}_$victim"
at_kill=$(wc -l < "$file")
say "scontrol requeue ${array}_$victim: killed with $at_kill records written"
state=$(squeue -h -j "${array}_$victim" -o %T 2>/dev/null || true)
say "task ${array}_$victim is now ${state:-gone}"
# A requeued job waits before it may start again: let it go now.
for _ in $(seq 20); do
    scontrol update jobid="${array}_$victim" StartTime=now >/dev/null 2>&1 || true
    scontrol release "${array}_$victim" >/dev/null 2>&1 || true
    [ "$(squeue -h -j "${array}_$victim" -o %T 2>/dev/null)" != PENDING ] && break
    sleep 0.5
done

wait_job() {
    local id=$1 limit=$2
    for _ in $(seq $((limit * 5))); do
        [ -z "$(squeue -h -j "$id" 2>/dev/null)" ] && return 0
        sleep 0.2
    done
    squeue
    die "job $id still queued after ${limit}s"
}
wait_job "$array" 240
wait_job "$merge" 60
grep -q "restart 1" "$out/shards/task-$victim.log" \
    || die "task $victim did not run again: $(cat "$out/shards/task-$victim.log")"
[ -s "$out/shards/merged.jsonl" ] || die "the merge job wrote nothing: $(cat "$out/merge.log")"
say "task $victim ran twice: $(grep -c 'circe shard' "$out/shards/task-$victim.log") starts; $(wc -l < "$file") records in the end"
say "merged: $(wc -l < "$out/shards/merged.jsonl") records"
echo "$array $victim $at_kill $merge" > "$out/jobs"

# One long problem, its first moves in 3 parts.
parts=$(CIRCE=$circe sbatch --parsable --array=1-3 \
    --output="$out/parts/task-%a.log" "$here/first-moves.sbatch" "$long" "$out/parts")
parts=${parts%%;*}

pmerge=$(CIRCE=$circe sbatch --parsable --dependency=afterok:"$parts" \
    --output="$out/parts-merge.log" "$here/merge.sbatch" "$out/parts" popeye)
say "first-moves array job $parts, merge job $pmerge"
wait_job "$parts" 240
wait_job "$pmerge" 60
[ -s "$out/parts/merged.popeye" ] || die "no merged first moves: $(cat "$out/parts-merge.log")"
echo "$parts $pmerge" >> "$out/jobs"
say "done"
