# The command line: log, state, diff, run.

log-undone = (annulé)
log-place = r{ $round } { $turn }
log-setup = préparation
