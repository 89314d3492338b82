"""Match logs (DESIGN section 6): a hash-chained JSON Lines file per match, and its verifier."""

from referee.matchlog.reader import MatchLog, moves_of, read_log, result_line
from referee.matchlog.verify import VerifyReport, verify
from referee.matchlog.writer import LogWriter

__all__ = ["LogWriter", "MatchLog", "VerifyReport", "moves_of", "read_log", "result_line", "verify"]
