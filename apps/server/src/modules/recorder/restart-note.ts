/**
 * The note of the gap a process writes for each person it records as it stops (SIGTERM, decision 0083): the process
 * that receives their media next ends that gap (chained from the hand-over to their first packet there).
 */
export const PROCESS_RESTART_NOTE = 'Process restart: the recorder moved to another server process';
