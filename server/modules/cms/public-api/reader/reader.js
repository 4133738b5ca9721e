/*! Castanea reader script: what a published page does with the readers' API (sign-in state,
 * forms, votes, captchas, image uploads, comments, likes and favorites, avatars, counts, daily
 * sign-in, view beacon). No framework; every reader's text is put in with textContent, never as
 * HTML (a reader's article text is escaped into paragraphs). Without the API the page stays static. */
(() => {
  'use strict';
  const me = document.currentScript;
  if (!me || !window.fetch) return;
  const api = (me.dataset.api || '').replace(/\/$/, '');
  const sid = me.dataset.sid || '';
  const KEY = 'cx-member-token';
  const $ = (s, r = document) => r.querySelector(s);
  const $$ = (s, r = document) => Array.from(r.querySelectorAll(s));
  const store = {
    get() { try { return localStorage.getItem(KEY); } catch { return null; } },
    set(t) { try { t ? localStorage.setItem(KEY, t) : localStorage.removeItem(KEY); } catch { /* private mode */ } },
  };
  /** The status line nearest to an element: in its closest ancestor that has one. */
  const statusNear = (el) => { for (let p = el.parentElement; p; p = p.parentElement) { const box = $('[data-cx-status]', p); if (box) return box; } return null; };
  /** The member signed in (is_login), once known. */
  let who = null;
  /** "nickName|userName": the first of the fields the member has. */
  const pick = (keys) => keys.split('|').map((k) => who[k]).find((v) => v != null && v !== '');
  // data-cx-field: a field filled with the member's own (of its name, or the fields named).
  const fill = (root) => { if (who) for (const el of $$('[data-cx-field]', root)) { const v = pick(el.dataset.cxField || el.name); if (v != null && !el.value) el.value = v; } };
  const url = (path) => api + path + (path.includes('?') ? '&' : '?') + 'sid=' + encodeURIComponent(sid);

  /** One call: the envelope's data, or an Error with the server's (localized) message and field. */
  async function call(method, path, body) {
    const headers = {};
    const token = store.get();
    if (token) headers.Authorization = 'Bearer ' + token;
    const init = { method, headers };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) { headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
    const res = await fetch(url(path), init);
    const out = await res.json();
    if (out.code === 401 && token) store.set(null);
    if (out.code !== 200) throw Object.assign(new Error(out.msg || res.statusText), { field: out.data && out.data.field, code: out.code });
    return out.data;
  }
  /** An avatar: the name's initial, replaced by the picture once it loads (none, or a broken one, keeps the initial). */
  const avatar = (el, src, name) => {
    el.textContent = (String(name || '').trim()[0] || '?').toUpperCase();
    if (!src) return;
    const img = new Image();
    img.alt = '';
    img.onload = () => el.replaceChildren(img);
    img.src = src[0] === '/' ? api + src : src;
  };
  const say = (box, text, bad) => {
    if (!box) return;
    box.textContent = text || '';
    box.setAttribute('role', bad ? 'alert' : 'status');
    box.classList.toggle('is-error', !!bad);
  };

  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');

  /**
   * A form's fields as JSON: repeated names become lists, a `data-cx-number` field a number. A
   * `data-cx-paragraphs` text box is a reader's plain text sent as HTML: its paragraphs (a blank
   * line apart) escaped, so markup typed stays text, then the images uploaded into the form's
   * [data-cx-images] list.
   */
  function fields(form) {
    const out = {};
    for (const [k, v] of new FormData(form)) {
      const el = form.elements[k];
      const val = el && el.dataset && el.dataset.cxNumber !== undefined ? Number(v) : v;
      out[k] = k in out ? [].concat(out[k], val) : val;
    }
    for (const el of $$('[data-cx-list]', form)) if (!(el.name in out)) out[el.name] = [];
    for (const el of $$('[data-cx-paragraphs]', form)) {
      out[el.name] = el.value.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean).map((p) => '<p>' + esc(p).replace(/\n/g, '<br>') + '</p>').join('')
        + $$('[data-cx-images] img', form).map((i) => '<p><img src="' + esc(i.getAttribute('src')) + '" alt="' + esc(i.alt) + '"></p>').join('');
    }
    return out;
  }

  // Forms that post to the API: data-cx-post="<path>"; data-cx-then: token (keep the member's
  // token), reload, go (to data-cx-next or ?next=), reset; data-cx-ok: the message on success.
  function wireForm(form) {
    const box = $('[data-cx-status]', form);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const button = $('[type=submit]', form);
      for (const el of $$('[aria-invalid]', form)) el.removeAttribute('aria-invalid');
      if (button) button.disabled = true;
      try {
        const multipart = form.enctype === 'multipart/form-data';
        const data = await call((form.dataset.cxMethod || 'POST').toUpperCase(), form.dataset.cxPost, multipart ? new FormData(form) : fields(form));
        const then = (form.dataset.cxThen || '').split(/\s+/);
        if (then.includes('token')) store.set(typeof data === 'string' ? data : data && data.token);
        say(box, form.dataset.cxOk || '');
        if (then.includes('reset')) { form.reset(); for (const l of $$('[data-cx-images]', form)) l.textContent = ''; fill(form); }
        if (then.includes('go')) location.href = new URLSearchParams(location.search).get('next') || form.dataset.cxNext || './';
        else if (then.includes('reload')) location.reload();
        form.dispatchEvent(new CustomEvent('cx:done', { detail: data, bubbles: true }));
      } catch (err) {
        say(box, err.message, true);
        const bad = err.field && form.elements[err.field];
        if (bad && bad.focus) { bad.setAttribute('aria-invalid', 'true'); bad.focus(); }
        form.dispatchEvent(new CustomEvent('cx:fail'));
      } finally {
        if (button) button.disabled = false;
      }
    });
  }

  // An image upload: <input type=file data-cx-upload="<path>"> (no name: the file is not a field)
  // sends the file at once; the image is shown in the form's [data-cx-images] list, which the
  // form's data-cx-paragraphs text takes along, and becomes its `logo` when it has none yet.
  function wireUpload(input) {
    const form = input.form;
    const box = $('[data-cx-status]', form);
    input.addEventListener('change', async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      const body = new FormData();
      body.append('file', file);
      input.disabled = true;
      try {
        const r = await call('POST', input.dataset.cxUpload, body);
        const li = document.createElement('li');
        const img = li.appendChild(document.createElement('img'));
        img.src = r.src;
        img.alt = file.name.replace(/\.[^.]*$/, '');
        const list = $('[data-cx-images]', form);
        if (list) list.append(li);
        if (form.elements.logo && !form.elements.logo.value) form.elements.logo.value = r.src;
        say(box, input.dataset.cxOk || '');
      } catch (err) {
        say(box, err.message, true);
      } finally {
        input.disabled = false;
        input.value = '';
      }
    });
  }

  // "Send me a code" buttons: data-cx-code="<path>" with the form's e-mail field.
  function wireCode(button) {
    button.addEventListener('click', async () => {
      const form = button.form || button.closest('form');
      const box = form && $('[data-cx-status]', form);
      const email = form && form.elements.email ? form.elements.email.value : '';
      button.disabled = true;
      try {
        await call(button.dataset.cxMethod || 'POST', button.dataset.cxCode + (email ? (button.dataset.cxCode.includes('?') ? '&' : '?') + 'email=' + encodeURIComponent(email) : ''), button.dataset.cxMethod === 'GET' ? undefined : { email });
        say(box, button.dataset.cxOk || '');
        setTimeout(() => { button.disabled = false; }, 60_000);
      } catch (err) {
        say(box, err.message, true);
        button.disabled = false;
      }
    });
  }

  // Who is signed in: [data-cx-if=member|guest] shown to one or the other, [data-cx-text=<field>]
  // filled with the member's field, [data-cx-centre] linked to the member's centre.
  async function whoAmI() {
    let member = null;
    if (store.get()) {
      try { member = await call('GET', '/api/member/is_login'); } catch { member = null; }
      if (member === false || (member && !member.memberId && !member.uid)) member = null;
    }
    document.documentElement.classList.toggle('cx-member', !!member);
    // A hidden fieldset is disabled too: its fields (a guest's captcha) are neither required nor sent.
    for (const el of $$('[data-cx-if]')) { el.hidden = el.dataset.cxIf === 'member' ? !member : !!member; if (el.tagName === 'FIELDSET') el.disabled = el.hidden; }
    who = member;
    if (member) {
      const id = member.memberId || member.uid;
      for (const el of $$('[data-cx-text]')) el.textContent = String(pick(el.dataset.cxText) ?? '');
      for (const el of $$('[data-cx-centre]')) el.href = el.dataset.cxCentre.replace('{id}', encodeURIComponent(id));
      fill(document);
      for (const el of $$('[data-cx-avatar=member]')) avatar(el, member.avatar, member.nickName || member.userName);
    }
    return member;
  }

  // Counts of contents shown on the page: [data-cx-stat="views|likes|favorites|comments"][data-id].
  async function counts() {
    const els = $$('[data-cx-stat][data-id]');
    const ids = [...new Set(els.map((el) => el.dataset.id))].slice(0, 100);
    if (!ids.length) return;
    const rows = await call('GET', '/api/cms/content/data?ids=' + ids.join(','));
    const by = new Map((rows || []).map((r) => [String(r.contentId), r]));
    for (const el of els) { const r = by.get(el.dataset.id); if (r && r[el.dataset.cxStat] != null) el.textContent = String(r[el.dataset.cxStat]); }
  }

  // Like and favorite buttons: data-cx-toggle="like|favorites" data-id; aria-pressed follows the state.
  function wireToggle(button, member) {
    const kind = button.dataset.cxToggle;
    const body = { dataType: button.dataset.type || 'content', dataId: button.dataset.id };
    const count = $('[data-cx-count]', button);
    const set = (on) => button.setAttribute('aria-pressed', on ? 'true' : 'false');
    if (member) call('GET', `/api/member/${kind}/check?dataType=${body.dataType}&dataId=${body.dataId}`).then((on) => set(!!on), () => {});
    button.addEventListener('click', async () => {
      if (!store.get()) { location.href = button.dataset.cxLogin || 'account/login'; return; }
      const on = button.getAttribute('aria-pressed') === 'true';
      button.disabled = true;
      try {
        await call('POST', `/api/member/${kind}${on ? '/cancel' : ''}`, body);
        set(!on);
        if (count) count.textContent = String(Math.max(0, Number(count.textContent || 0) + (on ? -1 : 1)));
      } catch (err) {
        say(statusNear(button), err.message, true);
      } finally {
        button.disabled = false;
      }
    });
  }

  // A row's fields into a copy of a template: [data-c=<field>] as text (a <time> in the page's
  // language, an empty field as data-cx-empty), [data-cx-when=<field>] shown only when the field is
  // set, [data-cx-unless=<field>] only when it is not.
  function fillFields(node, row) {
    for (const el of $$('[data-c]', node)) {
      const v = row[el.dataset.c];
      if (el.tagName === 'TIME') { el.dateTime = v || ''; el.textContent = v ? new Date(v).toLocaleString(document.documentElement.lang || undefined) : ''; } else el.textContent = v == null || v === '' ? el.dataset.cxEmpty || '' : String(v);
    }
    for (const el of $$('[data-cx-when]', node)) el.hidden = !row[el.dataset.cxWhen];
    for (const el of $$('[data-cx-unless]', node)) el.hidden = !!row[el.dataset.cxUnless];
  }

  // A member's own rows: <section data-cx-rows-of="<path>" data-cx-key="<id field>"> with a
  // <template> of one row filled into its [data-cx-rows]; [data-cx-none] shown when there is none.
  // A row's [data-cx-remove="<path with {id}>"] button deletes it after the data-cx-confirm question.
  async function wireRows(section) {
    const list = $('[data-cx-rows]', section);
    const tpl = $('template', section);
    const none = $('[data-cx-none]', section);
    const load = async () => {
      const page = await call('GET', section.dataset.cxRowsOf);
      const rows = Array.isArray(page) ? page : (page && page.rows) || [];
      list.textContent = '';
      for (const r of rows) {
        const n = tpl.content.firstElementChild.cloneNode(true);
        fillFields(n, r);
        for (const b of $$('[data-cx-remove]', n)) b.addEventListener('click', async () => {
          if (!confirm(b.dataset.cxConfirm || '')) return;
          try { await call('POST', b.dataset.cxRemove.replace('{id}', encodeURIComponent(r[section.dataset.cxKey]))); await load(); } catch (err) { say(statusNear(section), err.message, true); }
        });
        list.append(n);
      }
      if (none) none.hidden = rows.length > 0;
    };
    await load().catch((err) => say(statusNear(section), err.message, true));
  }

  // Comments: <section data-cx-comments data-id data-type>, a form posting to /api/comment/submit,
  // a list filled from /api/comment/<type>/<id>; each comment's text put in as text.
  function wireComments(section, member) {
    const list = $('[data-cx-list]', section);
    const more = $('[data-cx-more]', section);
    const form = $('form', section);
    const tpl = $('template', section);
    const type = section.dataset.type || 'content';
    let offset = 0;
    const fill = (node, c) => {
      fillFields(node, c);
      // The initial of the name as shown (an anonymous reader's is the page's word for one).
      const name = $('[data-c=nickName]', node);
      for (const el of $$('[data-cx-avatar]', node)) avatar(el, c.avatar, name ? name.textContent : c.nickName);
      const like = $('[data-cx-like-comment]', node);
      if (like) like.addEventListener('click', async () => {
        try { await call('POST', '/api/comment/like/' + c.commentId); const n = $('[data-c=likeCount]', node); if (n) n.textContent = String(Number(n.textContent || 0) + 1); like.disabled = true; } catch (err) { say($('[data-cx-status]', section), err.message, true); }
      });
      const reply = $('[data-cx-reply]', node);
      if (reply && form) {
        reply.hidden = form.hidden;
        reply.addEventListener('click', () => {
          form.elements.parentId.value = c.commentId;
          const to = $('[data-cx-replying]', form);
          if (to) { to.hidden = false; $('[data-c]', to).textContent = c.nickName || c.userName || ''; }
          form.elements.content.focus();
        });
      }
      const replies = $('[data-cx-replies]', node);
      if (replies) for (const r of c.replies || []) { const n = tpl.content.firstElementChild.cloneNode(true); fill(n, r); replies.append(n); }
    };
    const load = async () => {
      const page = await call('GET', `/api/comment/${type}/${section.dataset.id}?offset=${offset}&limit=20`);
      const rows = Array.isArray(page) ? page : (page && page.rows) || [];
      for (const c of rows) { const n = tpl.content.firstElementChild.cloneNode(true); fill(n, c); list.append(n); }
      offset += rows.length;
      if (more) more.hidden = rows.length < 20;
      const total = $('[data-cx-total]', section);
      if (total && page && page.total != null) total.textContent = String(page.total);
    };
    if (more) more.addEventListener('click', () => load().catch(() => {}));
    if (form) {
      form.addEventListener('cx:done', () => { form.elements.parentId.value = ''; const to = $('[data-cx-replying]', form); if (to) to.hidden = true; list.textContent = ''; offset = 0; load().catch(() => {}); });
    }
    load().catch(() => { section.hidden = !form; });
  }

  // A captcha: <fieldset data-cx-captcha="<path>"> in a form, holding an <img>, a [data-cx-refresh]
  // button and the fields uuid and code (a custom form's <p data-captcha="<path">> has no button).
  // Fetched at once, or when the form is first focused with data-cx-lazy and for a custom form (no
  // image for every page view), on refresh and after each try (an image allows one guess); skipped
  // while the fieldset is disabled (a member needs none). A path answering captchaEnabled: false hides it.
  function wireCaptcha(box) {
    const form = box.closest('form');
    const img = $('img', box);
    let asked = false;
    // Only the latest image counts: an answer to an earlier ask (a refresh clicked while the image
    // after a failed try is on its way) must not replace it once the reader has read it.
    let asks = 0;
    const load = async () => {
      if (box.disabled) return;
      asked = true;
      const ask = ++asks;
      try {
        const c = await call('GET', box.dataset.cxCaptcha || box.dataset.captcha);
        if (ask !== asks) return;
        if (!c || c.captchaEnabled === false) { box.hidden = box.disabled = true; return; }
        img.src = 'data:' + c.imgType + ';base64,' + c.img;
        form.elements.uuid.value = c.uuid;
        form.elements.code.value = '';
      } catch (err) { if (ask === asks) say(statusNear(box), err.message, true); }
    };
    if ('cxLazy' in box.dataset || 'captcha' in box.dataset) form.addEventListener('focusin', () => { if (!asked) load(); }); else load();
    const again = $('[data-cx-refresh]', box);
    if (again) again.addEventListener('click', load);
    for (const e of ['cx:done', 'cx:fail']) form.addEventListener(e, () => { if (asked) load(); });
  }

  // The daily sign-in button: data-cx-signin; its message says what the day earned.
  function wireSignIn(button) {
    button.addEventListener('click', async () => {
      const box = statusNear(button);
      try { await call('POST', '/api/member/signIn'); say(box, button.dataset.cxOk || ''); button.disabled = true; } catch (err) { say(box, err.message, true); }
    });
  }

  // Sign out: data-cx-logout.
  function wireLogout(button) {
    button.addEventListener('click', async () => {
      try { await call('POST', '/api/member/logout'); } catch { /* signed out here anyway */ }
      store.set(null);
      location.href = button.dataset.cxNext || location.href;
    });
  }

  // Votes (the cms_vote tag: form.cms-vote, sent by wireForm with the member's token). The page may
  // be older than the vote: its subjects, options and state are loaded afresh (a stopped or deleted
  // vote hides); once counted, or on the results link, the results the vote shows this reader.
  function wireVote(form) {
    const id = form.dataset.voteId;
    const box = $('[data-cx-status]', form);
    const out = $('[data-cx-result]', form);
    const button = $('[type=submit]', form);
    const link = $('.vote-results', form);
    const votes = (n) => (form.dataset.cxVotes || '{n}').replace('{n}', n);
    const el = (tag, text, cls) => { const e = document.createElement(tag); if (text != null) e.textContent = String(text); if (cls) e.className = cls; return e; };
    const subject = (s) => {
      const name = 's' + s.subjectId;
      if (s.type === 'input') {
        const p = el('p', null, 'vote-subject vote-input');
        const label = el('label', s.title);
        const text = el('textarea');
        text.id = label.htmlFor = 'vote-' + id + '-' + s.subjectId;
        text.name = name;
        text.maxLength = 500; // the server's VOTE_TEXT_MAX
        p.append(label, ' ', text);
        return p;
      }
      const type = s.type === 'checkbox' ? 'checkbox' : 'radio';
      const set = el('fieldset', null, 'vote-subject vote-' + type);
      set.append(el('legend', s.title));
      s.items.forEach((i, n) => {
        const input = el('input');
        Object.assign(input, { type, name, value: String(i.itemId), required: type === 'radio' && n === 0 });
        const label = el('label');
        label.append(input, ' ' + i.content);
        set.append(label, ' ');
      });
      return set;
    };
    const results = async () => {
      const r = await call('GET', '/api/vote/result/' + id);
      out.textContent = '';
      out.append(el('p', votes(r.total), 'vote-total'));
      for (const s of r.subjects) {
        if (s.type === 'input') continue;
        const list = el('ul');
        for (const i of s.items) {
          const bar = el('progress', i.percent + '%');
          Object.assign(bar, { max: 100, value: i.percent });
          const li = el('li');
          li.append(el('span', i.content, 'vote-item'), ' ', bar, ' ', el('span', i.percent + '% (' + votes(i.total) + ')', 'vote-count'));
          list.append(li);
        }
        out.append(el('h3', s.title), list);
      }
      out.hidden = false;
    };
    call('GET', '/api/vote/' + id).then((v) => {
      const was = fields(form);
      for (const old of $$('.vote-subject', form)) old.remove();
      for (const s of v.subjects) $('.vote-actions', form).before(subject(s));
      // What the reader had filled in before the reload stays.
      for (const f of $$('.vote-subject [name]', form)) {
        const w = was[f.name];
        if (w == null) continue;
        if (f.type === 'radio' || f.type === 'checkbox') f.checked = [].concat(w).includes(f.value); else f.value = w;
      }
      if (button) button.disabled = v.state !== 'open';
      form.dataset.viewType = v.viewType;
      if (link) link.hidden = v.viewType === '0';
    }, (err) => { if (err.code) form.hidden = true; });
    form.addEventListener('cx:done', () => { if (form.dataset.viewType !== '0') results().catch((err) => say(box, err.message, true)); });
    if (link) link.addEventListener('click', (e) => { e.preventDefault(); results().catch((err) => say(box, err.message, true)); });
  }

  // Every page's view (the site statistics); a content page (data-cx-view="<content id>") also
  // counts toward its content's views. A beacon with the page's path and referrer, no cookie.
  function view() {
    const id = me.dataset.cxView, cid = me.dataset.cid;
    const u = url('/api/stat/visit') + (cid ? '&cid=' + encodeURIComponent(cid) : '') + (id ? '&id=' + encodeURIComponent(id) : '') +
      '&p=' + encodeURIComponent(location.pathname.slice(0, 500)) + (document.referrer ? '&r=' + encodeURIComponent(document.referrer.slice(0, 1000)) : '');
    if (!(navigator.sendBeacon && navigator.sendBeacon(u))) fetch(u, { method: 'POST', keepalive: true }).catch(() => {});
  }

  async function start() {
    view();
    for (const f of $$('form[data-cx-post]')) wireForm(f);
    for (const f of $$('form.cms-vote[data-vote-id]')) wireVote(f);
    for (const b of $$('[data-cx-code]')) wireCode(b);
    for (const i of $$('input[data-cx-upload]')) wireUpload(i);
    for (const b of $$('[data-cx-logout]')) wireLogout(b);
    for (const b of $$('[data-cx-signin]')) wireSignIn(b);
    const member = await whoAmI().catch(() => null);
    // A new avatar shows at once wherever the member's is.
    document.addEventListener('cx:done', (e) => { const a = e.detail && e.detail.avatar; if (a && member) for (const el of $$('[data-cx-avatar=member]')) avatar(el, a, member.nickName || member.userName); });
    for (const b of $$('[data-cx-toggle]')) wireToggle(b, member);
    for (const s of $$('[data-cx-comments]')) wireComments(s, member);
    if (member) for (const s of $$('[data-cx-rows-of]')) wireRows(s);
    // A custom form's captcha (customform/form.template.html, the built-in markup) is one too.
    for (const c of $$('[data-cx-captcha], .cms-custom-form [data-captcha]')) wireCaptcha(c);
    counts().catch(() => {});
    document.documentElement.classList.add('cx-ready');
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
