/**
 * The provider simulator in a worker thread of its own (tests of the transfer module, not a
 * test file): its own event loop and its own core, as a real platform would have, so the time
 * it takes to answer does not depend on how busy Lobby's thread is. That matters to the fault
 * test, where a call counts as timed out only if the simulator meant it to.
 *
 * Messages in: {id, type: 'setFaults', faults} | {id, type: 'query', text, params} |
 * {id, type: 'close'}; each is answered {id, result} or {id, error}. The first message out is
 * {type: 'ready', port}.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import type { FaultConfig } from '@lobby/game-protocol';
import { startTestSim } from '@lobby/game-sim/testing';

type Message =
  | { id: number; type: 'setFaults'; faults: Partial<FaultConfig> }
  | { id: number; type: 'query'; text: string; params: unknown[] }
  | { id: number; type: 'close' };

const port = parentPort;
if (!port) throw new Error('transfer-sim.worker.ts runs as a worker thread');
const { faults } = workerData as { faults: Partial<FaultConfig> };

const sim = await startTestSim({
  faults,
  publicUrl: 'http://127.0.0.1',
  logger: pino(
    { level: 'warn' },
    new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    }),
  ),
});
const { database } = sim;

port.on('message', (message: Message) => {
  const answer = async (): Promise<unknown> => {
    switch (message.type) {
      case 'setFaults':
        sim.setFaults(message.faults);
        return null;
      case 'query':
        return database.query(message.text, message.params);
      case 'close':
        await sim.close();
        return null;
    }
  };
  answer().then(
    (result) => port.postMessage({ id: message.id, result }),
    (error: unknown) => port.postMessage({ id: message.id, error: String(error) }),
  );
});
port.postMessage({ type: 'ready', port: (sim.app.server.address() as AddressInfo).port });
