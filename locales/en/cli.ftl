# The command line: log, state, diff, run.

log-undone = (undone)
log-place = r{ $round } { $turn }
log-setup = setup
