/**
 * Starts the whole system and keeps it in one terminal: every service of Lobby as a child
 * process, with their logs interleaved. Ctrl-C (or SIGTERM) stops them all; if one exits, the
 * others are stopped too.
 */
import { lobbyServices, supervise } from './supervise.ts';

supervise(lobbyServices());
