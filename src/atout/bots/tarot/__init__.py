"""French Tarot's computer players: rules of thumb, the search's parts and fitted models."""
