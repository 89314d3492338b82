"""The only referee code that speaks gRPC: bot client, bot processes, referee server, codecs."""
