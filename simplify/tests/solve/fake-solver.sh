#!/bin/sh
# A fake SMT solver for the tests of `vcsimp solve`. Its last argument is
# the script; it acts as $FAKE_INPUT, $FAKE_S1 or $FAKE_S2 says for the
# input, vcsimp's S1 output or its S2 output (told apart by the variant
# comment vcsimp writes first), and records its pid in $FAKE_PIDS/<run>, its
# nice value in $FAKE_PIDS/<run>.nice and its scheduling policy (Linux: 0
# normal, 5 SCHED_IDLE) in $FAKE_PIDS/<run>.policy.
for f; do :; done
if grep -q "vcsimp variant S1" "$f"; then act="$FAKE_S1"; run=s1
elif grep -q "vcsimp variant S2" "$f"; then act="$FAKE_S2"; run=s2
else act="$FAKE_INPUT"; run=input; fi
if [ -n "$FAKE_PIDS" ]; then
  cut -d' ' -f19 /proc/$$/stat > "$FAKE_PIDS/$run.nice.tmp"; mv "$FAKE_PIDS/$run.nice.tmp" "$FAKE_PIDS/$run.nice"
  cut -d' ' -f41 /proc/$$/stat > "$FAKE_PIDS/$run.policy.tmp"; mv "$FAKE_PIDS/$run.policy.tmp" "$FAKE_PIDS/$run.policy"
  echo $$ > "$FAKE_PIDS/$run.tmp"; mv "$FAKE_PIDS/$run.tmp" "$FAKE_PIDS/$run"
fi
case "$act" in
  unsat) echo unsat ;;
  sat) printf 'sat\n((x 1))\n' ;;
  unknown) echo unknown ;;
  timeout) echo timeout ;;
  exit3) echo unsat; echo "a note" >&2; exit 3 ;;
  crash) echo sat; kill -SEGV $$ ;;
  hang) exec sleep 1000 ;;
  late) sleep "$FAKE_LATE"; echo unsat ;;
  spawn)
    sleep 1000 &
    echo $! > "$FAKE_PIDS/$run.child.tmp"; mv "$FAKE_PIDS/$run.child.tmp" "$FAKE_PIDS/$run.child"
    exec sleep 1000 ;;
  wrap)
    # A wrapper script: a child shell that starts a grandchild, and a
    # process that leaves the group (setsid); the wrapper itself waits.
    ( sleep 1000 &
      echo $! > "$FAKE_PIDS/$run.grandchild.tmp"; mv "$FAKE_PIDS/$run.grandchild.tmp" "$FAKE_PIDS/$run.grandchild"
      wait ) &
    echo $! > "$FAKE_PIDS/$run.child.tmp"; mv "$FAKE_PIDS/$run.child.tmp" "$FAKE_PIDS/$run.child"
    setsid sleep 1000 &
    echo $! > "$FAKE_PIDS/$run.escapee.tmp"; mv "$FAKE_PIDS/$run.escapee.tmp" "$FAKE_PIDS/$run.escapee"
    wait ;;
  *) echo "(error \"fake solver: no action for $run\")"; exit 1 ;;
esac
