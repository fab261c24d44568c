// The Broadcaster of one table in this process: its viewers (sockets, bots), each frame built for
// its viewer by the one per-viewer door (frameFor). A viewer that throws is logged, never fatal.
import type { TableViewer } from '../tableLayer.js';
import type { Broadcaster } from './ports.js';
import { frameFor, type Outgoing } from './viewerDoor.js';

export class ViewerSet implements Broadcaster {
  private readonly viewers = new Set<TableViewer>();

  constructor(private readonly onSendError: (error: unknown) => void) {}

  add(viewer: TableViewer): void {
    this.viewers.add(viewer);
  }

  remove(viewer: TableViewer): boolean {
    return this.viewers.delete(viewer);
  }

  has(viewer: TableViewer): boolean {
    return this.viewers.has(viewer);
  }

  isConnected(userId: number): boolean {
    for (const viewer of this.viewers) if (viewer.userId === userId) return true;
    return false;
  }

  /** Every frame leaves through here, built by the one per-viewer door. */
  send(viewer: TableViewer, outgoing: Outgoing): void {
    try {
      viewer.send(frameFor(viewer, outgoing));
    } catch (error) {
      this.onSendError(error);
    }
  }

  sendToUser(userId: number, outgoing: () => Outgoing): void {
    for (const viewer of this.viewers) if (viewer.userId === userId) this.send(viewer, outgoing());
  }

  broadcast(outgoing: Outgoing): void {
    for (const viewer of this.viewers) this.send(viewer, outgoing);
  }
}
