import {
  dayPages,
  formatDate,
  formatDateTime,
  kennelDays,
  type RunCard,
  type RunCardFormat,
  type RunCardRow,
  runCardDayLabel,
  speciesLabel,
  VACCINE_STATUS_LABEL,
  WARNING_LABEL,
} from '@pawdesk/shared';
import { useImageUrl } from '../../../components/media/AuthImage';
import print from '../../../components/print/print.module.css';
import classes from './run-card.module.css';

/** Feedback that went wrong (shown in red on the card). */
const BAD_FEEDBACK = new Set<string>(['refused', 'not_given', 'vomited', 'skipped']);

const KIND_LABEL = { meal: 'Meal', dose: 'Dose', other: 'Task' } as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .flatMap((w) => w.match(/\p{L}|\p{N}/u) ?? [])
    .map((c) => c.toUpperCase())
    .join('');

const phoneLine = (name: string | null, phone: string | null) => [name, phone].filter(Boolean).join(' · ') || 'Not given';

/** The pet's photo (display size, fetched with the token), or its initials. */
function Photo({ card }: { card: RunCard }) {
  const { url } = useImageUrl(card.pet.photo?.url);
  return (
    <div className={classes.photo}>
      {url ? <img src={url} alt={card.pet.name} /> : <span aria-hidden>{initials(card.pet.name) || '?'}</span>}
    </div>
  );
}

function Warnings({ card }: { card: RunCard }) {
  if (card.warnings.length === 0) return <p className={classes.noWarnings}>No warnings</p>;
  return (
    <section className={classes.warnings} aria-label="Warnings">
      WARNINGS
      <ul>
        {card.warnings.map((w) => (
          <li key={`${w.kind}:${w.text}`}>
            {WARNING_LABEL[w.kind]}: {w.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Cell({ row, day, card }: { row: RunCardRow; day: string; card: RunCard }) {
  const cell = row.cells[card.days.indexOf(day)];
  if (!cell || (!cell.due && !cell.recorded)) return <td className={classes.notDue} aria-label="Not planned" />;
  const r = cell.recorded;
  if (!r) {
    return (
      <td aria-label="To tick">
        <span className={classes.box} />
      </td>
    );
  }
  return (
    <td
      className={classes.recorded}
      title={[r.feedbackLabel, r.note, `${r.by}, ${formatDateTime(r.at)}`].filter(Boolean).join(' · ')}
    >
      <span className={BAD_FEEDBACK.has(r.feedback) ? classes.bad : undefined}>{r.feedbackLabel}</span>
      <small>{initials(r.by)}</small>
    </td>
  );
}

/** The grid of these days: a row per planned task, a column per day; a box to tick, or what was recorded. */
export function RunCardGrid({ card, days, kennel = false }: { card: RunCard; days: readonly string[]; kennel?: boolean }) {
  const rows = kennel ? card.rows.filter((r) => days.some((d) => r.cells[card.days.indexOf(d)]?.due)) : card.rows;
  const range = days.length ? `${formatDate(days[0])} to ${formatDate(days.at(-1))}` : '';
  return (
    <div className={classes.scroll}>
      <table className={classes.grid} aria-label={kennel ? 'Tasks today and tomorrow' : `Care grid, ${range}`}>
        <thead>
          <tr>
            <th className={classes.labelHead} scope="col">
              {kennel ? 'Tasks' : 'Slot · task'}
            </th>
            {days.map((d) => {
              const l = runCardDayLabel(d);
              const today = d === card.today;
              return (
                <th key={d} scope="col" className={today ? classes.today : undefined}>
                  {kennel ? (
                    today ? (
                      'Today'
                    ) : (
                      l.date
                    )
                  ) : (
                    <>
                      {l.weekday}
                      <br />
                      {l.date}
                    </>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">
                {kennel ? null : (
                  <span className={classes.slot}>
                    {r.slotName} · {KIND_LABEL[r.kind]}
                    {r.removed ? ' (removed)' : ''}
                  </span>
                )}
                {kennel ? `${r.slotName}: ${r.label}` : r.label}
              </th>
              {days.map((d) => (
                <Cell key={d} row={r} day={d} card={card} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Head({ card, kennel }: { card: RunCard; kennel: boolean }) {
  const s = card.stay;
  const about = [speciesLabel(card.pet.species), card.pet.breed, card.pet.sex, card.pet.age].filter(Boolean).join(' · ');
  const out = s.exitTime ? `left ${formatDateTime(s.exitTime)}` : `expected out ${formatDate(s.expectedExitDay)}`;
  return (
    <header className={classes.head}>
      <Photo card={card} />
      <div>
        <h2 className={classes.name}>{card.pet.name}</h2>
        <p className={classes.facts}>{about}</p>
        <p className={classes.facts}>Owner: {phoneLine(card.owner.name, card.owner.phone)}</p>
        <p className={classes.facts}>
          <strong>Emergency: {phoneLine(card.emergencyContact.name, card.emergencyContact.phone)}</strong>
        </p>
        <p className={classes.facts}>
          {kennel
            ? `${s.type || 'Boarding'} · ${out}`
            : `Stay: ${s.type || 'Boarding'} · in ${formatDateTime(s.entryTime)} · ${out}`}
        </p>
      </div>
      {kennel ? null : (
        <div className={classes.mark}>
          <strong>RUN CARD</strong>
          Printed {formatDate(card.today)}
          {card.closed ? <div className={classes.closed}>Stay closed</div> : null}
        </div>
      )}
    </header>
  );
}

/** A4: the pet, phones, warnings, vaccinations, incidents and the whole grid (14 days a part). */
function A4Card({ card }: { card: RunCard }) {
  const pages = dayPages(card.days);
  return (
    <article className={`${print.sheet} ${classes.card}`} aria-label={`Run card of ${card.pet.name}`} data-testid="run-card">
      <Head card={card} kennel={false} />
      <Warnings card={card} />
      <div className={classes.two}>
        <section aria-label="Vaccinations">
          <h3>Vaccinations</h3>
          {card.vaccinations.length === 0 ? (
            <span className={print.muted}>None on record</span>
          ) : (
            <ul>
              {card.vaccinations.map((v) => (
                <li key={`${v.name}:${v.nextDue}`} className={v.status === 'overdue' ? classes.overdue : undefined}>
                  {v.name}: {v.nextDue ? `due ${formatDate(v.nextDue)}` : 'no due date'}
                  {v.status === 'overdue' || v.status === 'due_soon' ? ` (${VACCINE_STATUS_LABEL[v.status]})` : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Incidents">
          <h3>Incidents</h3>
          {card.incidents.length === 0 ? (
            <span className={print.muted}>None recorded</span>
          ) : (
            <ul>
              {card.incidents.map((i) => (
                <li key={`${i.at}:${i.summary}`}>
                  {formatDateTime(i.at)} · {i.kind}: {i.summary}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {card.rows.length === 0 ? (
        <p className={print.muted}>No meals, doses or tasks in the care plan.</p>
      ) : (
        pages.map((days) => <RunCardGrid key={days[0]} card={card} days={days} />)
      )}
      {card.rows.length > 0 ? (
        <p className={classes.hint}>
          Tick each box when done and note how it went. Grey: not planned that day.
          {card.daysTruncated ? ` A long stay: the card shows ${card.days.length} days.` : ''}
        </p>
      ) : null}
    </article>
  );
}

/** The kennel card (A6): photo, name, warnings, phones, today's and tomorrow's tasks. */
function KennelCard({ card }: { card: RunCard }) {
  const days = kennelDays(card.days, card.today);
  return (
    <article
      className={`${print.sheet} ${classes.card} ${classes.kennel}`}
      aria-label={`Kennel card of ${card.pet.name}`}
      data-testid="run-card"
    >
      <Head card={card} kennel />
      <Warnings card={card} />
      {card.rows.length === 0 ? (
        <p className={print.muted}>No meals, doses or tasks in the care plan.</p>
      ) : (
        <RunCardGrid card={card} days={days} kennel />
      )}
    </article>
  );
}

/** A run card in the chosen format. */
export function RunCardSheet({ card, format }: { card: RunCard; format: RunCardFormat }) {
  return format === 'kennel' ? <KennelCard card={card} /> : <A4Card card={card} />;
}
