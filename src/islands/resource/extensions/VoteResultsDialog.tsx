import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import './vote.css';

interface Results {
  total: number;
  subjects: {
    subjectId: number;
    title: string;
    type: string;
    items: { itemId: number; content: string; total: number; percent: number }[];
    answers?: { text: string; time: string }[];
  }[];
}

/**
 * A vote's results (GET /vote/result/:voteId): per choice subject a table of its options with
 * their votes and shares (a bar drawn by CSS beside the figure, which stays the text a screen
 * reader reads), per text subject the newest answers, shown as text (React escapes them).
 */
export function VoteResultsDialog({ voteId, title, onClose }: { voteId: number; title: string; onClose(): void }) {
  const [r, setR] = useState<Results | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void http.get<Results>(`/vote/result/${voteId}`).then((res) => setR(res.data ?? null), () => setFailed(true));
  }, [voteId]);
  const t = (key: string, params?: Record<string, unknown>) => translate(`screens:vote.${key}`, params);
  return (
    <Dialog header={t('resultsOf', { name: title })} visible onHide={onClose} style={{ width: 'min(52rem, 96vw)' }} data-testid="vote-results">
      {!r ? <p>{failed ? '' : translate('common:loading')}</p> : (
        <div className="vote-results">
          <p>{t('totalVotes', { count: r.total })}</p>
          {r.subjects.map((s) => (s.type === 'input' ? (
            <section key={s.subjectId}>
              <h3>{s.title}</h3>
              {s.answers?.length ? (
                <table>
                  <caption className="visually-hidden">{t('answers', { count: s.answers.length })}</caption>
                  <thead><tr><th scope="col">{t('answers', { count: s.answers.length })}</th><th scope="col">{t('answerTime')}</th></tr></thead>
                  <tbody>{s.answers.map((a, i) => <tr key={i}><td className="vote-answer">{a.text}</td><td>{a.time}</td></tr>)}</tbody>
                </table>
              ) : <p>{t('noAnswers')}</p>}
            </section>
          ) : (
            <section key={s.subjectId}>
              <h3>{s.title}</h3>
              <table>
                <caption className="visually-hidden">{s.title}</caption>
                <thead><tr><th scope="col">{t('option')}</th><th scope="col">{t('count')}</th><th scope="col">{t('percent')}</th></tr></thead>
                <tbody>
                  {s.items.map((i) => (
                    <tr key={i.itemId}>
                      <th scope="row">{i.content}</th>
                      <td>{i.total}</td>
                      <td><span className="vote-bar" aria-hidden="true"><span style={{ width: `${Math.min(100, i.percent)}%` }} /></span> {i.percent}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )))}
        </div>
      )}
    </Dialog>
  );
}
