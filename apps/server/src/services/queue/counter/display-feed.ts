import type { QueueDisplayCall } from '@hall/api';
import type { QueueChange, QueueLive } from './queue-live';

/** What a hall's display shows: the hall's name and the numbers being called. */
export interface DisplayBoard {
  hall: string;
  calls: QueueDisplayCall[];
}

type Screen = (board: DisplayBoard) => void;

interface HallScreens {
  screens: Set<Screen>;
  reading: boolean;
  /** A change arrived while the board was being read: read once more after it. */
  again: boolean;
}

/**
 * The hall displays of this process, by hall: each change of a hall's numbers reads its board once
 * and sends that one board to every screen showing the hall, however many are open. One read runs
 * per hall at a time; changes that come meanwhile are answered by one more read, so the screens end
 * on the latest board and get boards in order.
 */
export class DisplayFeed {
  private readonly halls = new Map<string, HallScreens>();
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly live: QueueLive,
    private readonly readBoard: (hallId: string) => Promise<DisplayBoard | null>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Sends the screen every later board of the hall; returns the unsubscribe. */
  subscribe(hallId: string, screen: Screen): () => void {
    let hall = this.halls.get(hallId);
    if (!hall) {
      hall = { screens: new Set(), reading: false, again: false };
      this.halls.set(hallId, hall);
    }
    hall.screens.add(screen);
    this.stopListening ??= this.live.subscribe((change) => this.changed(change));
    const screens = hall;
    return () => {
      screens.screens.delete(screen);
      if (screens.screens.size === 0 && this.halls.get(hallId) === screens) this.halls.delete(hallId);
      if (this.halls.size === 0) {
        this.stopListening?.();
        this.stopListening = null;
      }
    };
  }

  private changed(change: QueueChange | 'resync'): void {
    // A resync (the listener was away and missed notifications) refreshes every hall shown.
    const halls = change === 'resync' ? [...this.halls.keys()] : this.halls.has(change.companyId) ? [change.companyId] : [];
    for (const hallId of halls) void this.refresh(hallId);
  }

  private async refresh(hallId: string): Promise<void> {
    const hall = this.halls.get(hallId);
    if (!hall) return;
    if (hall.reading) {
      hall.again = true;
      return;
    }
    hall.reading = true;
    try {
      do {
        hall.again = false;
        const board = await this.readBoard(hallId);
        if (board) for (const screen of hall.screens) screen(board);
      } while (hall.again && hall.screens.size > 0);
    } catch (error) {
      this.onError(error);
    } finally {
      hall.reading = false;
    }
  }
}
