/**
 * The thread between the customer and staff on a return, oldest first, as a chat: the reader's
 * own side on the right, the other side on the left, each with who wrote it and when. A comment
 * is checked by core (present, at most 1000 characters) and sent with the button or Ctrl+Enter;
 * the other side hears of it in the bell.
 */
import { Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverError } from '../../components/form/serverError';
import { MailIcon } from '../../components/icons';
import { ListEmpty } from '../../components/list';
import { showTime } from '../../lib/utcTime';
import { addComment, RETURN_SIDES, type ReturnCommentRecord, type ReturnDetail } from './api';
import { useViewerSide } from './hooks';
import { returnIssue } from './rules';

/** The longest comment core takes (`returns::MAX_COMMENT`). */
const MAX_COMMENT = 1000;

function Bubble({ comment, mine }: { comment: ReturnCommentRecord; mine: boolean }) {
  const { t } = useTranslation('returns');
  const side = RETURN_SIDES.find((s) => s === comment.side);
  const who = comment.realname || comment.username || '';
  return (
    <Stack gap="1" alignSelf={mine ? 'flex-end' : 'flex-start'} alignItems={mine ? 'flex-end' : 'flex-start'} maxWidth={{ base: '90%', md: '80%' }} data-testid="return-comment" data-side={comment.side} data-mine={mine}>
      <Text textStyle="xs" color="fg.muted">
        {[who, side ? t(`side.${side}`) : comment.side, showTime(comment.createTime)].filter(Boolean).join(' · ')}
      </Text>
      <Box
        paddingX="3"
        paddingY="2"
        rounded="l3"
        bg={mine ? 'colorPalette.solid' : 'bg.muted'}
        color={mine ? 'colorPalette.contrast' : 'fg'}
        colorPalette={comment.side === 'staff' ? 'blue' : 'teal'}
        borderBottomEndRadius={mine ? 'xs' : undefined}
        borderBottomStartRadius={mine ? undefined : 'xs'}
      >
        <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="return-comment-content">
          {comment.content}
        </Text>
      </Box>
    </Stack>
  );
}

export function ReturnComments({ detail, onChanged }: { detail: ReturnDetail; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('returns');
  const side = useViewerSide();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const count = detail.comments.length;
  const newest = detail.comments.at(-1)?.id;

  // The newest comment in view (after sending, or when the other side wrote), where the thread
  // scrolls on its own (wide screens); the drawer itself stays where the reader is.
  useEffect(() => {
    const box = log.current;
    if (newest && box) box.scrollTop = box.scrollHeight;
  }, [newest]);

  const blank = content.trim() === '';

  async function send() {
    if (sending || blank) return;
    const refused = returnIssue({ content }, 'comment');
    setProblem(refused?.message);
    if (refused) return;
    setSending(true);
    try {
      await addComment(detail.id, content.trim());
      setContent('');
      await onChanged();
    } catch (failure) {
      setProblem(serverError(failure).message);
    } finally {
      setSending(false);
    }
  }

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap="4" data-testid="return-comments">
      {count === 0 ? (
        <ListEmpty icon={<MailIcon />} title={t('comment.empty')} description={t('comment.emptyDescription')} testId="return-comments-empty" />
      ) : (
        <Stack ref={log} gap="3" role="log" aria-label={t('tab.comments')} maxHeight={{ base: 'none', md: '96' }} overflowY="auto" paddingEnd="1">
          {detail.comments.map((comment) => (
            <Bubble key={comment.id} comment={comment} mine={comment.side === side} />
          ))}
        </Stack>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Field.Root invalid={problem !== undefined}>
          <Field.Label>{t('comment.label')}</Field.Label>
          <Textarea
            size="sm"
            rows={3}
            autoresize
            maxLength={MAX_COMMENT}
            placeholder={t('comment.placeholder')}
            value={content}
            onChange={(event) => {
              setContent(event.currentTarget.value);
              if (problem) setProblem(undefined);
            }}
            onKeyDown={keys}
            data-testid="return-comment-input"
          />
          {problem ? <Field.ErrorText data-testid="return-comment-error">{problem}</Field.ErrorText> : <Field.HelperText>{t('comment.hint')}</Field.HelperText>}
        </Field.Root>
        <HStack justify="flex-end" marginTop="2">
          <Button type="submit" size="sm" loading={sending} disabled={blank} data-testid="return-comment-send">
            {t('comment.send')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
