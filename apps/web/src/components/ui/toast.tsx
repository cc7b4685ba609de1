import { useSyncExternalStore } from 'react';
import { Icon, type IconName } from './icon.tsx';

export type Toast = { id: number; text: string; icon: IconName };

const TOAST_DURATION_MS = 3200;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a short message at the bottom of the screen. */
export function showToast(text: string, icon: IconName = 'check'): void {
  const toast = { id: nextId++, text, icon };
  publish([...toasts, toast]);
  setTimeout(() => publish(toasts.filter((item) => item.id !== toast.id)), TOAST_DURATION_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

export function ToastHost() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className="toast-host" aria-live="polite">
      {current.map((toast) => (
        <div key={toast.id} className="toast">
          <Icon name={toast.icon} size={18} />
          <span>{toast.text}</span>
        </div>
      ))}
    </div>
  );
}
