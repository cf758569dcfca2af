"""The party: characters brought in from a Foundry VTT export or a party file, and the encounter's difficulty
against the party's levels."""
