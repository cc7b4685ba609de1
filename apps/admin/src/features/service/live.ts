import { useEffect, useRef, useState } from 'react';
import { CHAT_HEARTBEAT_MS, CHAT_SOCKET_PATH, type ChatServerFrame } from '@lobby/contracts';

export type LiveState = 'connecting' | 'online' | 'offline';

/** Waits between reconnections: quick at first, then at most this long. */
const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

/**
 * The brand's operators' channel of the chat WebSocket (the same one every API node publishes
 * to through the cache, so a message stored on any node arrives here). The first frame
 * authenticates with the session's token and the brand; every later frame goes to `onFrame`.
 * Reconnects after a drop; a refused authentication (a 44xx close) is not retried.
 */
export function useChatSocket(
  brand: string | undefined,
  token: string | null,
  language: string,
  onFrame: (frame: ChatServerFrame) => void,
): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const handler = useRef(onFrame);
  useEffect(() => {
    handler.current = onFrame;
  });

  useEffect(() => {
    if (!brand || !token) return undefined;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;

    const connect = () => {
      setState('connecting');
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const url = `${scheme}://${window.location.host}${CHAT_SOCKET_PATH}?lang=${encodeURIComponent(language)}`;
      const current = new WebSocket(url);
      socket = current;
      current.addEventListener('open', () => {
        current.send(JSON.stringify({ type: 'operatorAuth', operatorToken: token, brand }));
      });
      current.addEventListener('message', (event) => {
        let frame: ChatServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as ChatServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'ready') {
          attempt = 0;
          setState('online');
        }
        handler.current(frame);
      });
      current.addEventListener('close', (event) => {
        clearInterval(heartbeat);
        if (stopped) return;
        setState('offline');
        // 4401 and the like: the token or the brand was refused; a retry would be refused too.
        if (event.code >= 4400 && event.code < 4500) return;
        retry = setTimeout(connect, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
        attempt += 1;
      });
      heartbeat = setInterval(() => {
        if (current.readyState === WebSocket.OPEN) current.send(JSON.stringify({ type: 'ping' }));
      }, CHAT_HEARTBEAT_MS);
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      socket?.close();
    };
  }, [brand, token, language]);

  return state;
}

/** Whether the operator is looking at this tab. */
function looking(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * Calls for attention when a visitor writes while the operator looks elsewhere: a short beep
 * (Web Audio, no file) and the count of such messages in the tab's title, `(3) …`, cleared when
 * the tab is looked at again. Answers `notify`, to call for each new visitor message.
 */
export function useAttention(): { notify: () => void; unseen: number } {
  const [unseen, setUnseen] = useState(0);
  const audio = useRef<AudioContext | null>(null);
  const baseTitle = useRef(document.title);

  useEffect(() => {
    const seen = () => {
      if (looking()) setUnseen(0);
    };
    window.addEventListener('focus', seen);
    document.addEventListener('visibilitychange', seen);
    return () => {
      window.removeEventListener('focus', seen);
      document.removeEventListener('visibilitychange', seen);
    };
  }, []);

  useEffect(() => {
    if (unseen === 0) {
      document.title = baseTitle.current;
      return;
    }
    // The title without an earlier badge, then the count.
    baseTitle.current = baseTitle.current.replace(/^\(\d+\) /, '');
    document.title = `(${unseen}) ${baseTitle.current}`;
  }, [unseen]);

  useEffect(
    () => () => {
      document.title = baseTitle.current;
      void audio.current?.close();
    },
    [],
  );

  const notify = () => {
    if (looking()) return;
    setUnseen((count) => count + 1);
    beep(audio);
  };
  return { notify, unseen };
}

/** 180 ms of a soft 880 Hz tone. Browsers may keep audio muted until the page was clicked. */
function beep(audio: { current: AudioContext | null }): void {
  try {
    audio.current ??= new AudioContext();
    const context = audio.current;
    void context.resume();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, context.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.18);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.2);
  } catch {
    // No audio in this browser: the title still counts.
  }
}
