import { CHAT_TEXT_MAX } from '@tenger/protocol';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUpdateMeMutation } from '../../../api/userApi';
import { tableRefusalText } from '../../../api/serverErrors';
import { formatMoney } from '../../../app/money';
import { describeHand } from '../handName';
import { useTableSettings } from '../settings';
import { TableCommandError, type TableSocket } from '../tableSocket';
import type { TableViewState } from '../tableState';
import { visibleEntries, type ChatEntry } from './chatLog';
import { setMutedPlayers, toggleMuted, useMutedPlayers } from './chatMutes';
import { useTableChat } from './useTableChat';
import './chat.css';

interface TableChatProps {
  client: TableSocket;
  state: TableViewState;
  isAuthenticated: boolean;
}

/**
 * The table chat: a button in the table's top bar (with the count of unread lines) that opens the chat
 * panel — players' lines, the dealer's hand log, mute per player, and a line to type in for logged-in
 * viewers. Nothing at all when the "hide chat" setting is on.
 */
export function TableChat({ client, state, isAuthenticated }: TableChatProps) {
  const { t } = useTranslation();
  const settings = useTableSettings();
  const entries = useTableChat(client, state);
  const muted = useMutedPlayers();
  const shown = useMemo(() => visibleEntries(entries, muted), [entries, muted]);
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(0);
  const chatCount = shown.filter((entry) => entry.kind === 'chat').length;
  useEffect(() => {
    if (open) setSeen(chatCount);
  }, [open, chatCount]);
  if (settings.hideChat) return null;
  const unread = Math.max(0, chatCount - seen);
  return (
    <>
      <button
        type="button"
        className="tp-icon-button chat-toggle"
        aria-expanded={open}
        aria-controls="table-chat"
        aria-label={t('tableChat.open')}
        title={t('tableChat.open')}
        onClick={() => setOpen(!open)}
        data-testid="chat-toggle"
      >
        <ChatIcon />
        {unread > 0 && !open && <span className="chat-toggle__badge">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {open && (
        <ChatPanel
          entries={shown}
          mutedCount={muted.size}
          viewerId={state.viewer.userId}
          client={client}
          isAuthenticated={isAuthenticated}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

interface ChatPanelProps {
  entries: ChatEntry[];
  mutedCount: number;
  viewerId: number | null;
  client: TableSocket;
  isAuthenticated: boolean;
  onClose: () => void;
}

function ChatPanel({ entries, mutedCount, viewerId, client, isAuthenticated, onClose }: ChatPanelProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saveMuted] = useUpdateMeMutation();
  const logRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [entries.length]);

  const mute = (userId: number) => {
    const chatMuted = toggleMuted(userId);
    if (isAuthenticated)
      void saveMuted({ preferences: { chatMuted } })
        .unwrap()
        .catch(() => undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (!line || sending) return;
    setSending(true);
    try {
      await client.send({ type: 'CHAT', text: line });
      setText('');
      setRefusal(null);
    } catch (error) {
      setRefusal(
        error instanceof TableCommandError
          ? tableRefusalText(error.code, error.message, t)
          : t('common.unknownError'),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section id="table-chat" className="chat" aria-label={t('tableChat.title')} data-testid="table-chat">
      <header className="chat__head">
        <strong>{t('tableChat.title')}</strong>
        {mutedCount > 0 && (
          <button type="button" className="chat__link" onClick={() => resetMutes(isAuthenticated, saveMuted)}>
            {t('tableChat.unmuteAll', { count: mutedCount })}
          </button>
        )}
        <button type="button" className="tp-icon-button" aria-label={t('tableChat.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <ol className="chat__log" ref={logRef} aria-live="polite" data-testid="chat-log">
        {entries.length === 0 && <li className="chat__empty">{t('tableChat.empty')}</li>}
        {entries.map((entry) =>
          entry.kind === 'dealer' ? (
            <li key={entry.key} className="chat__line chat__line--dealer" data-testid="chat-dealer-line">
              <span className="chat__who">{t('tableChat.dealer')}</span>{' '}
              {entry.best
                ? t('tableChat.wonWith', {
                    name: entry.username,
                    amount: formatMoney(entry.amount, i18n.language),
                    hand: describeHand(t, entry.best),
                  })
                : t('tableChat.won', {
                    name: entry.username,
                    amount: formatMoney(entry.amount, i18n.language),
                  })}
            </li>
          ) : (
            <li key={entry.key} className="chat__line" data-testid="chat-line">
              <span className="chat__who">{entry.line.username}:</span> <span>{entry.line.text}</span>
              {entry.line.userId !== viewerId && (
                <button
                  type="button"
                  className="chat__mute"
                  onClick={() => mute(entry.line.userId)}
                  aria-label={t('tableChat.mute', { name: entry.line.username })}
                  title={t('tableChat.mute', { name: entry.line.username })}
                >
                  <MuteIcon />
                </button>
              )}
            </li>
          ),
        )}
      </ol>
      {refusal && (
        <p className="chat__refusal" role="alert" data-testid="chat-refusal">
          {refusal}
        </p>
      )}
      {isAuthenticated ? (
        <form className="chat__form" onSubmit={(event) => void submit(event)}>
          <input
            className="chat__input"
            value={text}
            maxLength={CHAT_TEXT_MAX}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('tableChat.placeholder')}
            aria-label={t('tableChat.placeholder')}
            enterKeyHint="send"
          />
          <button type="submit" className="btn btn--primary chat__send" disabled={sending || !text.trim()}>
            {t('tableChat.send')}
          </button>
        </form>
      ) : (
        <p className="chat__login">
          <Link to="/auth/login">{t('tableChat.logInToChat')}</Link>
        </p>
      )}
    </section>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="chat-icon">
      <path
        d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-4.5 3.6A.5.5 0 0 1 3.7 20V17H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function MuteIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="chat-icon">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function resetMutes(isAuthenticated: boolean, save: ReturnType<typeof useUpdateMeMutation>[0]): void {
  setMutedPlayers([]);
  if (isAuthenticated)
    void save({ preferences: { chatMuted: [] } })
      .unwrap()
      .catch(() => undefined);
}
