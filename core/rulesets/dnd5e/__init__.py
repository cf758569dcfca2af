"""The D&D 5e family: one base (the SRD rules the variants share) and a small file per variant."""
