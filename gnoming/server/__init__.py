"""The table server: many tables in one asyncio process (docs/network.md).

``python -m gnoming.server --port P`` runs it; :mod:`gnoming.server.table`
holds one table's logic, :mod:`gnoming.server.app` the connections.
"""
