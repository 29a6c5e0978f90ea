"""Playing with friends over the network (docs/network.md).

* :mod:`gnoming.net.protocol`: the messages, as typed structs, and the one
  place where bytes from the network become values (:func:`~.protocol.decode_client`,
  :func:`~.protocol.decode_server`);
* :mod:`gnoming.net.wire`: rules values (observations, events, results) to
  their wire form and back, with face-down cards never in it;
* :mod:`gnoming.net.client`: the client connection and the :class:`~.client.RemoteFeed`
  that drives a table from a server;
* :mod:`gnoming.net.headless`: a client that plays its seat with a gnome, for
  tests, CI and the load benchmark.

The server lives in :mod:`gnoming.server`.
"""
