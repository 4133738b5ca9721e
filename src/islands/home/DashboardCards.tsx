import type { ReactNode } from 'react';

/** One figure of Home's dashboard: a link to its screen, a button doing something, or plain. */
export interface DashboardCard {
  key: string;
  icon: string;
  value: number;
  label: string;
  /** a second line under the label (e.g. the resources' total size) */
  detail?: string;
  href?: string;
  onClick?: () => void;
  /** the button's accessible name, when it does more than name the figure */
  action?: string;
}

/** The dashboard's figures, each opening its screen when the user may open it. */
export function DashboardCards({ cards }: { cards: DashboardCard[] }) {
  return (
    <div className="home-dashboard-cards">
      {cards.map((c) => {
        const body: ReactNode = (
          <>
            <i className={`pi ${c.icon}`} aria-hidden="true" />
            <span className="home-dashboard-value" data-testid={`dashboard-${c.key}`}>{c.value}</span>
            <span className="home-dashboard-label">
              {c.label}
              {c.detail ? <span className="home-dashboard-detail">{c.detail}</span> : null}
            </span>
          </>
        );
        if (c.href) return <a key={c.key} className="home-dashboard-card" href={c.href}>{body}</a>;
        if (c.onClick) {
          return <button key={c.key} type="button" className="home-dashboard-card" onClick={c.onClick} title={c.action}>{body}</button>;
        }
        return <div key={c.key} className="home-dashboard-card">{body}</div>;
      })}
    </div>
  );
}
