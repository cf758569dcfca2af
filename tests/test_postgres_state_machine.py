"""The hypothesis state machine of tests/test_state_machine.py, with the encounter's log in PostgreSQL.

Same rules and invariants (a rejected command appends nothing, replay equals the live state, verify
re-derives every command), plus: what the PostgreSQL table holds is exactly what the engine wrote, and an
encounter reopened from it (as another process would) has the same state document.
"""

import itertools
import unittest

from hypothesis.stateful import invariant

from combatlog.events.stores.postgres import PostgresStore
from combatlog.projections.document import state_document
from combatlog.replay.engine import Encounter
from pg_cluster import cluster
from test_state_machine import SETTINGS, EncounterMachine

_shared: dict[str, PostgresStore] = {}
_names = itertools.count()


def shared_store() -> PostgresStore:
    """One log for every example (each plays its own encounter in it): a database per example would cost more."""
    if "store" not in _shared:
        _shared["store"] = PostgresStore(cluster().new_database())
    return _shared["store"]


class PostgresMachine(EncounterMachine):
    def __init__(self):
        super().__init__()
        self.store = shared_store()
        self.enc = Encounter(self.store, f"fight-{next(_names)}")

    @invariant()
    def the_table_holds_what_the_engine_wrote(self):
        # The hash covers the stored bytes: same seqs and hashes means the very events the engine sealed.
        stored = [(r.seq, r.txn, r.hash) for r in self.store.read(self.enc.encounter)]
        assert stored == [(r.seq, r.txn, r.hash) for r in self.enc.records]
        if self.enc.records:
            reopened = Encounter(self.store, self.enc.encounter)
            assert state_document(reopened.state) == state_document(self.enc.state)


class PostgresMachine2014(PostgresMachine):
    ruleset = "dnd5e-2014"


class PostgresMachine2024(PostgresMachine):
    ruleset = "dnd5e-2024"


PostgresMachine2014.TestCase.settings = SETTINGS
PostgresMachine2024.TestCase.settings = SETTINGS
TestPostgresStateMachine2014: unittest.TestCase = PostgresMachine2014.TestCase
TestPostgresStateMachine2024: unittest.TestCase = PostgresMachine2024.TestCase
