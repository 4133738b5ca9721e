/*! Castanea reader script: what a published page does with the readers' API (sign-in state,
 * forms, captchas, comments, likes and favorites, avatars, counts, daily sign-in, view beacon). No framework; every
 * reader's text is put in with textContent, never as HTML. Without the API the page stays static. */
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

  /** A form's fields as JSON: repeated names become lists, a `data-cx-number` field a number. */
  function fields(form) {
    const out = {};
    for (const [k, v] of new FormData(form)) {
      const el = form.elements[k];
      const val = el && el.dataset && el.dataset.cxNumber !== undefined ? Number(v) : v;
      out[k] = k in out ? [].concat(out[k], val) : val;
    }
    for (const el of $$('[data-cx-list]', form)) if (!(el.name in out)) out[el.name] = [];
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
        if (then.includes('reset')) form.reset();
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
    if (member) {
      const id = member.memberId || member.uid;
      // data-cx-text="nickName|userName": the first of the fields the member has.
      for (const el of $$('[data-cx-text]')) el.textContent = String(el.dataset.cxText.split('|').map((k) => member[k]).find((v) => v != null && v !== '') ?? '');
      for (const el of $$('[data-cx-centre]')) el.href = el.dataset.cxCentre.replace('{id}', encodeURIComponent(id));
      for (const el of $$('[data-cx-field]')) if (member[el.name] != null && !el.value) el.value = member[el.name];
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
      for (const el of $$('[data-c]', node)) {
        const v = c[el.dataset.c];
        if (el.tagName === 'TIME') { el.dateTime = v || ''; el.textContent = v ? new Date(v).toLocaleString() : ''; } else el.textContent = v == null || v === '' ? el.dataset.cxEmpty || '' : String(v);
      }
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
  // button and the fields uuid and code. Fetched when the form is first focused (no image for
  // every page view), on refresh and after each try (an image allows one guess); skipped while the
  // fieldset is disabled (a member needs none). A path answering captchaEnabled: false hides it.
  function wireCaptcha(box) {
    const form = box.closest('form');
    const img = $('img', box);
    let asked = false;
    const load = async () => {
      if (box.disabled) return;
      asked = true;
      try {
        const c = await call('GET', box.dataset.cxCaptcha);
        if (!c || c.captchaEnabled === false) { box.hidden = box.disabled = true; return; }
        img.src = 'data:' + c.imgType + ';base64,' + c.img;
        form.elements.uuid.value = c.uuid;
        form.elements.code.value = '';
      } catch (err) { say(statusNear(box), err.message, true); }
    };
    form.addEventListener('focusin', () => { if (!asked) load(); });
    $('[data-cx-refresh]', box).addEventListener('click', load);
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

  // A content page's view: data-cx-view="<content id>" on the script; a beacon, no cookie.
  function view() {
    const id = me.dataset.cxView;
    if (!id) return;
    const u = url('/api/stat/visit') + '&cid=' + encodeURIComponent(me.dataset.cid || '') + '&id=' + encodeURIComponent(id);
    if (!(navigator.sendBeacon && navigator.sendBeacon(u))) fetch(u, { method: 'POST', keepalive: true }).catch(() => {});
  }

  async function start() {
    view();
    for (const f of $$('form[data-cx-post]')) wireForm(f);
    for (const b of $$('[data-cx-code]')) wireCode(b);
    for (const b of $$('[data-cx-logout]')) wireLogout(b);
    for (const b of $$('[data-cx-signin]')) wireSignIn(b);
    const member = await whoAmI().catch(() => null);
    // A new avatar shows at once wherever the member's is.
    document.addEventListener('cx:done', (e) => { const a = e.detail && e.detail.avatar; if (a && member) for (const el of $$('[data-cx-avatar=member]')) avatar(el, a, member.nickName || member.userName); });
    for (const b of $$('[data-cx-toggle]')) wireToggle(b, member);
    for (const s of $$('[data-cx-comments]')) wireComments(s, member);
    for (const c of $$('[data-cx-captcha]')) wireCaptcha(c);
    counts().catch(() => {});
    document.documentElement.classList.add('cx-ready');
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
