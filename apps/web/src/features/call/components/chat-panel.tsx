import { Button, Textarea, VisuallyHidden } from '@mantine/core';
import { type CallChatEntry, CHAT_MAX_CHARS, callChatMessage } from '@mohar/contracts';
import { TIME_ZONE } from '@mohar/contracts/constants';
import { ArrowDown, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '@/lib/use-contract-form';
import classes from './panels.module.css';

export type ChatPanelProps = {
  entries: CallChatEntry[];
  /** This person's participant id: their own messages sit on the right. */
  self: string;
  onSend: (text: string) => void;
  disabled?: boolean;
};

/** The counter appears when this few characters are left. */
const COUNTER_FROM = 100;
/** Within this many pixels of the end counts as "reading the newest". */
const BOTTOM_SLACK_PX = 32;

const HOUR_MINUTE = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** HH:mm in IST, whatever the device's own time zone: the session record is kept in IST. */
function chatTime(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : HOUR_MINUTE.format(date);
}

/**
 * The call's chat: everyone in the call reads it, and it is kept with the session record. New messages are read out
 * politely by screen readers; the list follows the newest unless the reader has scrolled up.
 */
export function ChatPanel(props: ChatPanelProps) {
  const { t } = useTranslation('call-panels');
  const { entries, self } = props;
  const { form, onSubmit } = useContractForm({ schema: callChatMessage, initialValues: { text: '' } });
  const draft = form.values.text;
  const [hasUnseen, setHasUnseen] = useState(false);
  const logRef = useRef<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const isAtBottomRef = useRef(true);
  const seenCountRef = useRef(entries.length);
  const hintId = useId();
  const counterId = useId();

  const scrollToNewest = () => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    isAtBottomRef.current = true;
    setHasUnseen(false);
  };

  // Before paint, so the list never flickers at the old position; one's own message always brings the list down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrollToNewest only touches refs and state setters
  useLayoutEffect(() => {
    const isNew = entries.length > seenCountRef.current;
    seenCountRef.current = entries.length;
    const isOwn = entries.at(-1)?.participant === self;
    if (isAtBottomRef.current || (isNew && isOwn)) scrollToNewest();
    else if (isNew) setHasUnseen(true);
  }, [entries, self]);

  // The list gets shorter when the message field grows (or the panel is resized): keep the newest in view.
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (isAtBottomRef.current) log.scrollTop = log.scrollHeight;
    });
    observer.observe(log);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    const isAtBottom = log.scrollHeight - log.scrollTop - log.clientHeight <= BOTTOM_SLACK_PX;
    isAtBottomRef.current = isAtBottom;
    if (isAtBottom) setHasUnseen(false);
  };

  const text = draft.trim();
  const canSend = !props.disabled && text.length > 0;
  const left = CHAT_MAX_CHARS - draft.length;

  const submit = onSubmit((message) => {
    props.onSend(message.text);
    form.reset();
    inputRef.current?.focus();
  });
  // An empty draft or a closed chat sends nothing, and says nothing either: the button is disabled.
  const send = () => {
    if (canSend) submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing (Hindi, for one) picks a candidate; it must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <section className={classes.chat} aria-label={t('chat.title')} data-testid="chat-panel">
      <div className={classes.logWrap}>
        <div
          ref={logRef}
          className={classes.log}
          role="log"
          aria-live="polite"
          aria-label={t('chat.log')}
          // Scrollable, so it can take focus and be scrolled with the keyboard.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          onScroll={onScroll}
          data-testid="chat-log"
        >
          {entries.length === 0 ? (
            <p className={classes.empty} data-testid="chat-empty">
              {t('chat.empty')}
            </p>
          ) : (
            <ol className={classes.list}>
              {entries.map((entry, index) => {
                const isOwn = entry.participant === self;
                return (
                  <li
                    // Messages are only ever added at the end, and two can share sender and second.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the position is the message's identity here
                    key={`${index}-${entry.at}-${entry.participant}`}
                    className={classes.message}
                    data-own={isOwn}
                    data-testid="chat-message"
                  >
                    <span className={classes.meta}>
                      {isOwn ? (
                        <VisuallyHidden>{t('chat.you')}</VisuallyHidden>
                      ) : (
                        <span className={classes.sender}>{entry.name}</span>
                      )}
                      <time dateTime={entry.at} className={classes.numeric}>
                        {chatTime(entry.at)}
                      </time>
                    </span>
                    <p className={classes.bubble}>{entry.text}</p>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
        {hasUnseen && (
          <Button
            size="compact-sm"
            radius="xl"
            className={classes.jump}
            leftSection={<ArrowDown size={14} aria-hidden="true" />}
            onClick={scrollToNewest}
            data-testid="chat-jump"
          >
            {t('chat.newMessages')}
          </Button>
        )}
      </div>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        noValidate
      >
        <div className={classes.composer}>
          <Textarea
            ref={inputRef}
            className={classes.input}
            aria-label={t('chat.inputLabel')}
            aria-describedby={left <= COUNTER_FROM ? `${hintId} ${counterId}` : hintId}
            placeholder={props.disabled ? t('chat.disabled') : t('chat.placeholder')}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={CHAT_MAX_CHARS}
            {...form.getInputProps('text', { withError: false })}
            disabled={props.disabled}
            onKeyDown={onKeyDown}
            data-testid="chat-input"
          />
          <Button
            type="submit"
            disabled={!canSend}
            rightSection={<SendHorizontal size={16} aria-hidden="true" />}
            data-testid="chat-send"
          >
            {t('chat.send')}
          </Button>
        </div>
        <div className={classes.composerFoot}>
          <span id={hintId}>{props.disabled ? t('chat.disabled') : t('chat.hint')}</span>
          {left <= COUNTER_FROM && (
            <span id={counterId} className={classes.numeric} data-testid="chat-counter">
              {t('chat.charsLeft', { count: left })}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
