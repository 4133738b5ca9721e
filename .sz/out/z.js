// ../node_modules/zod/v4/core/util.js
function e(e) {
	let t = Object.values(e).filter((e) => typeof e == "number");
	return Object.entries(e).filter(([e, n]) => t.indexOf(+e) === -1).map(([e, t]) => t);
}
function t(e, t = "|") {
	return e.map((e) => se(e)).join(t);
}
function n(e, t) {
	return typeof t == "bigint" ? t.toString() : t;
}
var r = class {
	constructor(e) {
		this._getter = e, this._value = void 0;
	}
	get value() {
		let e = this._getter;
		return e !== void 0 && (this._value = e(), this._getter = void 0), this._value;
	}
};
function i(e) {
	return new r(e);
}
function a(e) {
	return e == null;
}
function o(e) {
	let t = +!!e.startsWith("^"), n = e.endsWith("$") ? e.length - 1 : e.length;
	return e.slice(t, n);
}
function s(e, t, n) {
	Object.defineProperty(e, t, {
		value: n,
		writable: !0,
		enumerable: !0,
		configurable: !0
	});
}
function c(e) {
	let t = Object.getOwnPropertyDescriptor(e, "shape");
	return t?.get ? t.get.raw : t?.value;
}
function l(e) {
	return c(e._zod.def) ?? e._zod.def.shape;
}
function u(e, t, n) {
	Object.defineProperty(e, t, {
		get() {
			let e = n();
			return s(this, t, e), e;
		},
		enumerable: !0,
		configurable: !0
	});
}
function d(e, t, n) {
	t in e ? s(e, t, n) : e[t] = n;
}
function f(e, t, n, r) {
	let i = l(t);
	for (let a of n) {
		let n = Object.getOwnPropertyDescriptor(i, a);
		n.enumerable && (n.get ? u(e, a, () => {
			let e = t._zod.def.shape[a];
			return r ? r(e, a) : e;
		}) : d(e, a, r ? r(n.value, a) : n.value));
	}
}
function p(e, t) {
	for (let n of Reflect.ownKeys(t)) {
		let r = Object.getOwnPropertyDescriptor(t, n);
		r.enumerable && (r.get ? u(e, n, () => t[n]) : d(e, n, r.value));
	}
}
function m(...e) {
	let t = {};
	for (let n of e) {
		let e = Object.getOwnPropertyDescriptors(n);
		Object.assign(t, e);
	}
	return Object.defineProperties({}, t);
}
function h(e) {
	return JSON.stringify(e);
}
function ee(e) {
	return e.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
}
var te = "captureStackTrace" in Error ? Error.captureStackTrace : (...e) => {};
function ne(e) {
	return typeof e == "object" && !!e && !Array.isArray(e);
}
var re = /* @__PURE__*/ i(() => {
	if (O.jitless || typeof navigator < "u" && navigator?.userAgent?.includes("Cloudflare")) return !1;
	try {
		return Function(""), !0;
	} catch {
		return !1;
	}
});
function g(e) {
	if (ne(e) === !1) return !1;
	let t = e.constructor;
	if (t === void 0 || typeof t != "function") return !0;
	let n = t.prototype;
	return ne(n) !== !1 && Object.prototype.hasOwnProperty.call(n, "isPrototypeOf") !== !1;
}
function ie(e) {
	return g(e) ? { ...e } : Array.isArray(e) ? [...e] : e instanceof Map ? new Map(e) : e instanceof Set ? new Set(e) : e;
}
var ae = /* @__PURE__*/ new Set([
	"string",
	"number",
	"symbol"
]);
function oe(e) {
	return e.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function _(e, t, n) {
	let r = new e._zod.constr(t ?? e._zod.def);
	return (!t || n?.parent) && (r._zod.parent = e), r;
}
function v(e) {
	let t = e;
	if (!t) return {};
	if (typeof t == "string") return { error: () => t };
	if (t?.message !== void 0) {
		if (t?.error !== void 0) throw Error("Cannot specify both `message` and `error` params");
		t.error = t.message;
	}
	return delete t.message, typeof t.error == "string" ? {
		...t,
		error: () => t.error
	} : t;
}
function se(e) {
	return typeof e == "bigint" ? e.toString() + "n" : typeof e == "string" ? `"${e}"` : `${e}`;
}
function ce(e) {
	return Object.keys(e).filter((t) => e[t]._zod.optin !== void 0 && e[t]._zod.optout === "optional");
}
var le = {
	safeint: [-(2 ** 53 - 1), 2 ** 53 - 1],
	int32: [-2147483648, 2147483647],
	uint32: [0, 4294967295],
	float32: [-34028234663852886e22, 34028234663852886e22],
	float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}, ue = {
	int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
	uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")]
};
function de(e, t) {
	let n = e._zod.def, r = n.checks;
	if (r && r.length > 0) throw Error(".pick() cannot be used on object schemas containing refinements");
	let i = {};
	return f(i, e, fe(e, t)), _(e, m(n, {
		shape: i,
		checks: []
	}));
}
function fe(e, t) {
	let n = l(e), r = [];
	for (let e of Reflect.ownKeys(t)) {
		if (!Object.getOwnPropertyDescriptor(n, e)?.enumerable) throw Error(`Unrecognized key: "${String(e)}"`);
		t[e] && r.push(e);
	}
	return r;
}
function pe(e, t) {
	let n = e._zod.def, r = n.checks;
	if (r && r.length > 0) throw Error(".omit() cannot be used on object schemas containing refinements");
	let i = new Set(fe(e, t)), a = {};
	return f(a, e, Reflect.ownKeys(l(e)).filter((e) => !i.has(e))), _(e, m(n, {
		shape: a,
		checks: []
	}));
}
function me(e, t) {
	if (!g(t)) throw Error("Invalid input to extend: expected a plain object");
	let n = e._zod.def.checks;
	if (n && n.length > 0) {
		let n = l(e);
		for (let e of Reflect.ownKeys(t)) if (Object.getOwnPropertyDescriptor(n, e) !== void 0) throw Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
	}
	return _(e, m(e._zod.def, { shape: he(e, t) }));
}
function he(e, t) {
	let n = {};
	return f(n, e, Reflect.ownKeys(l(e))), p(n, t), n;
}
function ge(e, t) {
	if (!g(t)) throw Error("Invalid input to safeExtend: expected a plain object");
	return _(e, m(e._zod.def, { shape: he(e, t) }));
}
function _e(e, t) {
	if (!t?._zod?.def) throw Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
	if (e._zod.def.checks?.length) throw Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
	let n = {};
	return f(n, e, Reflect.ownKeys(l(e))), f(n, t, Reflect.ownKeys(l(t))), _(e, m(e._zod.def, {
		shape: n,
		get catchall() {
			return t._zod.def.catchall;
		},
		checks: t._zod.def.checks ?? []
	}));
}
function ve(e, t, n, r = "partial") {
	let i = t._zod.def.checks;
	if (i && i.length > 0) throw Error(`.${r}() cannot be used on object schemas containing refinements`);
	let a = n ? new Set(fe(t, n)) : void 0, o = {};
	return f(o, t, Reflect.ownKeys(l(t)), e && ((t, n) => a && !a.has(n) ? t : new e({
		type: "optional",
		innerType: t
	}))), _(t, m(t._zod.def, {
		shape: o,
		checks: []
	}));
}
function ye(e, t, n) {
	let r = n ? new Set(fe(t, n)) : void 0, i = {};
	return f(i, t, Reflect.ownKeys(l(t)), (t, n) => r && !r.has(n) ? t : new e({
		type: "nonoptional",
		innerType: t
	})), _(t, m(t._zod.def, { shape: i }));
}
function y(e, t = 0) {
	if (e.aborted === !0) return !0;
	for (let n = t; n < e.issues.length; n++) if (e.issues[n]?.continue !== !0) return !0;
	return !1;
}
function be(e, t = 0) {
	if (e.aborted === !0) return !0;
	for (let n = t; n < e.issues.length; n++) if (e.issues[n]?.continue === !1) return !0;
	return !1;
}
function xe(e, t) {
	return t.map((t) => {
		var n;
		return (n = t).path ?? (n.path = []), t.path.unshift(e), t;
	});
}
function b(e) {
	return typeof e == "string" ? e : e?.message;
}
function Se(e) {
	let t = [];
	for (let n of e ?? []) {
		let e = n._zod.def;
		if (!/_(length|size)$|_equals$/.test(e.check)) break;
		let r = e.maximum ?? e.length ?? e.size;
		r >= 0 && t.push([r, n]);
	}
	return t;
}
function Ce(e, t, n) {
	var r;
	for (let i = t; i < e.length; i++) (r = e[i]).schema ?? (r.schema = n);
}
function x(e, t, n) {
	var r;
	let i = e.inst?._zod?.traits;
	i?.has("$ZodType") && (i.has("$ZodCheck") ? (r = e).schema ?? (r.schema = e.inst) : e.schema = e.inst);
	let a = e.schema === e.inst ? void 0 : e.schema?._zod.def?.error, o = e.message ? e.message : b(e.inst?._zod.def?.error?.(e)) ?? b(a?.(e)) ?? b(t?.error?.(e)) ?? b(n.customError?.(e)) ?? b(n.localeError?.(e)) ?? "Invalid input", s = {};
	for (let t of Object.keys(e)) t !== "inst" && t !== "schema" && t !== "continue" && t !== "input" && t !== "__proto__" && (s[t] = e[t]);
	return s.path ??= [], s.message = o, t?.reportInput && (s.input = e.input), s;
}
var we = /[\uD800-\uDBFF]/;
function Te(e) {
	let t = e.length;
	if (!we.test(e)) return t;
	let n = t;
	for (let r = 0; r < t - 1; r++) (e.charCodeAt(r) & 64512) == 55296 && (e.charCodeAt(r + 1) & 64512) == 56320 && (n--, r++);
	return n;
}
function Ee(e) {
	return Array.isArray(e) ? "array" : typeof e == "string" ? "string" : "unknown";
}
function De(e) {
	let t = typeof e;
	switch (t) {
		case "number": return Number.isNaN(e) ? "nan" : "number";
		case "object": {
			if (e === null) return "null";
			if (Array.isArray(e)) return "array";
			let t = e;
			if (t && Object.getPrototypeOf(t) !== Object.prototype && "constructor" in t && t.constructor) return t.constructor.name;
		}
	}
	return t;
}
function S(...e) {
	let [t, n, r] = e;
	return typeof t == "string" ? {
		message: t,
		code: "custom",
		input: n,
		inst: r
	} : { ...t };
}
function Oe(e, t) {
	for (let n in t) {
		let r = Object.getOwnPropertyDescriptor(t, n);
		r.get ? Object.defineProperty(e, n, {
			...r,
			enumerable: !1
		}) : je(e, n, r.value);
	}
}
function C(e, t, n, r = !0) {
	return Object.defineProperty(e, t, {
		configurable: !0,
		writable: !0,
		enumerable: r,
		value: n
	}), n;
}
function ke(e, t, n) {
	return C(e, t, n, !1);
}
/* @__NO_SIDE_EFFECTS__ */
function Ae(e, t) {
	for (let n in e) {
		let r = e[n];
		Object.defineProperty(t, n, {
			configurable: !0,
			enumerable: !0,
			get() {
				return C(this, n, r(this));
			},
			set(e) {
				C(this, n, e);
			}
		});
	}
	return t;
}
function je(e, t, n) {
	Object.defineProperty(e, t, {
		configurable: !0,
		get() {
			return this == null ? n : C(this, t, n.bind(this));
		},
		set(e) {
			C(this, t, e);
		}
	});
}
function Me(e, t) {
	let n = Object.getPrototypeOf(e);
	return t in n ? void 0 : n;
}
var Ne, w = !1, Pe = {
	configurable: !0,
	get() {
		w = !0;
	}
};
function T(e, t, n) {
	let r = Object.getPrototypeOf(e._zod);
	t in r && Ne !== e._zod ? Ne = void 0 : (Ne = e._zod, Object.defineProperty(r, t, {
		configurable: !0,
		get() {
			Object.defineProperty(this, t, Pe);
			let e = w;
			w = !1;
			try {
				let r = n(this);
				return w ? delete this[t] : Object.defineProperty(this, t, {
					configurable: !0,
					writable: !0,
					value: r
				}), w ||= e, r;
			} catch (n) {
				throw delete this[t], w ||= e, n;
			}
		},
		set(e) {
			Object.defineProperty(this, t, {
				configurable: !0,
				writable: !0,
				value: e
			});
		}
	}));
}
function Fe(e, t, n, r) {
	let i = Me(e, t);
	i && Object.defineProperty(i, t, {
		configurable: !0,
		get() {
			let e = {
				configurable: !0,
				writable: !0,
				enumerable: r,
				value: void 0
			};
			return Object.defineProperty(this, t, e), e.value = n(this), Object.defineProperty(this, t, e), e.value;
		},
		set(e) {
			Object.defineProperty(this, t, {
				configurable: !0,
				writable: !0,
				enumerable: r,
				value: e
			});
		}
	});
}
var Ie = "~constantCatch";
function Le(e) {
	let t = () => e;
	return t[Ie] = !0, t;
}
// ../node_modules/zod/v4/core/core.js
var Re, ze = {
	value: void 0,
	enumerable: !1
}, Be = "captureStackTrace" in Error ? Error : null;
function Ve(e) {
	let t = Be;
	if (t) {
		let n = t.stackTraceLimit;
		if (typeof n == "number") {
			try {
				t.stackTraceLimit = 0;
			} catch {
				return Be = null, new e();
			}
			try {
				return new e();
			} finally {
				t.stackTraceLimit = n;
			}
		}
	}
	return new e();
}
/* @__NO_SIDE_EFFECTS__ */
function E(e, t, n, r) {
	let i = {};
	function a(e) {
		this.def = e, this.constr = d, this.traits = /* @__PURE__ */ new Set();
	}
	a.prototype = i;
	let o = n, s = o && /* @__PURE__ */ new WeakSet();
	function c(n, r) {
		if (!n._zod) {
			ze.value = new a(r);
			try {
				Object.defineProperty(n, "_zod", ze);
			} finally {
				ze.value = void 0;
			}
		} else if (n._zod.traits.has(e)) return;
		if (n._zod.traits.add(e), t(n, r), s) {
			let e = Object.getPrototypeOf(n), t = n._zod.constr.prototype, r = e;
			for (; r && r !== t;) r = Object.getPrototypeOf(r);
			let i = r ?? e;
			s.has(i) || (s.add(i), Oe(i, o));
		}
		let i = d.prototype;
		for (let e in i) Object.prototype.hasOwnProperty.call(i, e) && (e in n || (n[e] = i[e].bind(n)));
	}
	let l = r?.Parent ?? Object;
	class u extends l {}
	Object.defineProperty(u, "name", { value: e });
	function d(e) {
		let t = r?.Parent ? Ve(u) : this;
		c(t, e);
		let n = t._zod.deferred;
		if (n) {
			for (let e of n) e();
			t._zod.deferred = void 0;
		}
		let i = globalThis.__zod_globalConfig?.postProcessor;
		return i && i(t), t;
	}
	return Object.defineProperty(d, "init", { value: c }), Object.defineProperty(d, Symbol.hasInstance, { value: (t) => r?.Parent && t instanceof r.Parent ? !0 : t?._zod?.traits?.has(e) }), Object.defineProperty(d, "name", { value: e }), d;
}
var D = class extends Error {
	constructor() {
		super("Encountered Promise during synchronous parse. Use .parseAsync() instead.");
	}
}, He = class extends Error {
	constructor(e) {
		super(`Encountered unidirectional transform during encode: ${e}`), this.name = "ZodEncodeError";
	}
};
(Re = globalThis).__zod_globalConfig ?? (Re.__zod_globalConfig = {});
var O = globalThis.__zod_globalConfig;
function k(e) {
	return e && Object.assign(O, e), O;
}
// ../node_modules/zod/v4/core/errors.js
function Ue() {
	let e = this._zod;
	return e.message ??= JSON.stringify(e.def, n, 2), e.message;
}
function We(e) {
	this._zod.message = e;
}
var Ge = {
	get: Ue,
	set: We,
	enumerable: !0,
	configurable: !0
}, Ke = {
	value: void 0,
	enumerable: !1
}, qe = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]), Je = /* @__PURE__ */ E("$ZodError", (e, t) => {
	e.name = "$ZodError", Ke.value = t, Object.defineProperty(e, "issues", Ke), Ke.value = void 0, Object.defineProperty(e, "message", Ge);
	let n = Object.getPrototypeOf(e);
	qe.has(n) || (qe.add(n), Object.defineProperty(n, "toString", {
		configurable: !0,
		enumerable: !1,
		get() {
			let e = () => this.message;
			return Object.defineProperty(this, "toString", {
				value: e,
				configurable: !0,
				writable: !0
			}), e;
		},
		set(e) {
			Object.defineProperty(this, "toString", {
				value: e,
				configurable: !0,
				writable: !0
			});
		}
	}));
});
function Ye(e, t, n) {
	return Object.prototype.hasOwnProperty.call(e, t) || (t === "__proto__" ? Object.defineProperty(e, t, {
		value: n(),
		writable: !0,
		enumerable: !0,
		configurable: !0
	}) : e[t] = n()), e[t];
}
function Xe(e, t = (e) => e.message) {
	let n = {}, r = [];
	for (let i of e.issues) i.path.length > 0 ? Ye(n, i.path[0], () => []).push(t(i)) : r.push(t(i));
	return {
		formErrors: r,
		fieldErrors: n
	};
}
function Ze(e, t = (e) => e.message) {
	let n = { _errors: [] }, r = (e, i = []) => {
		for (let a of e.issues) if (a.code === "invalid_union" && a.errors.length) a.errors.map((e) => r({ issues: e }, [...i, ...a.path]));
		else if (a.code === "invalid_key") r({ issues: a.issues }, [...i, ...a.path]);
		else if (a.code === "invalid_element") r({ issues: a.issues }, [...i, ...a.path]);
		else {
			let e = [...i, ...a.path];
			if (e.length === 0) n._errors.push(t(a));
			else {
				let r = n, i = 0;
				for (; i < e.length;) {
					let n = e[i], o = i === e.length - 1;
					if (n === "_errors") {
						o && r._errors.push(t(a)), i++;
						continue;
					}
					Object.prototype.hasOwnProperty.call(r, n) || Object.defineProperty(r, n, {
						value: { _errors: [] },
						enumerable: !0,
						writable: !0,
						configurable: !0
					});
					let s = r[n];
					o && s._errors.push(t(a)), r = s, i++;
				}
			}
		}
	};
	return r(e), n;
}
// ../node_modules/zod/v4/core/parse.js
function A(e, t) {
	return {
		callee: t?.callee ?? e,
		Err: t?.Err
	};
}
var Qe = (e) => {
	let t = (n, r, i, a) => {
		let o = i ? {
			...i,
			async: !1
		} : { async: !1 }, s = n._zod.run({
			value: r,
			issues: []
		}, o);
		if (s instanceof Promise) throw new D();
		if (s.issues.length) {
			let n = new ((a?.Err) ?? e)(s.issues.map((e) => x(e, o, k())));
			throw te(n, a?.callee ?? t), n;
		}
		return s.value;
	};
	return t;
}, $e = (e) => {
	let t = async (n, r, i, a) => {
		let o = i ? {
			...i,
			async: !0
		} : { async: !0 }, s = n._zod.run({
			value: r,
			issues: []
		}, o);
		if (s instanceof Promise && (s = await s), s.issues.length) {
			let n = new ((a?.Err) ?? e)(s.issues.map((e) => x(e, o, k())));
			throw te(n, a?.callee ?? t), n;
		}
		return s.value;
	};
	return t;
}, et = (e) => (t, n, r) => {
	let i = r ? {
		...r,
		async: !1
	} : { async: !1 }, a = t._zod.run({
		value: n,
		issues: []
	}, i);
	if (a instanceof Promise) throw new D();
	return a.issues.length ? tt(e, a.issues, i) : {
		success: !0,
		data: a.value
	};
};
function tt(e, t, n) {
	let r;
	return {
		success: !1,
		get error() {
			return r || (r = new e(t.map((e) => x(e, n, k()))), t = void 0, n = void 0), r;
		},
		set error(e) {
			r = e, t = void 0, n = void 0;
		}
	};
}
var nt = (e) => async (t, n, r) => {
	let i = r ? {
		...r,
		async: !0
	} : { async: !0 }, a = t._zod.run({
		value: n,
		issues: []
	}, i);
	return a instanceof Promise && (a = await a), a.issues.length ? tt(e, a.issues, i) : {
		success: !0,
		data: a.value
	};
}, rt = /* @__PURE__ */ Symbol.for("zod.compile.invalid"), it = /* @__PURE__ */ Symbol.for("zod.compile.fallback"), at = ((e, t, n) => {
	let r = e._zod.bag.validator;
	if (r !== void 0) {
		if (r(t) !== rt) return !0;
		if (r.definite === !0 && n === void 0) return !1;
	}
	return ot(e, t, n);
});
function ot(e, t, n) {
	let r = n ? {
		...n,
		async: !1,
		abortEarly: !0
	} : {
		async: !1,
		abortEarly: !0
	}, i = e._zod.bag.fallbackRun, a;
	if (i ? (r[it] = !0, a = i({
		value: t,
		issues: []
	}, r)) : a = e._zod.run({
		value: t,
		issues: []
	}, r), a instanceof Promise) throw new D();
	return a.issues.length === 0;
}
var st = async (e, t, n) => {
	let r = n ? {
		...n,
		async: !0,
		abortEarly: !0
	} : {
		async: !0,
		abortEarly: !0
	}, i = e._zod.run({
		value: t,
		issues: []
	}, r);
	return i instanceof Promise && (i = await i), i.issues.length === 0;
}, ct = (e) => {
	let t = Qe(e), n = (e, r, i, a) => {
		let o = i ? {
			...i,
			direction: "backward"
		} : { direction: "backward" };
		return t(e, r, o, A(n, a));
	};
	return n;
}, lt = (e) => {
	let t = Qe(e), n = (e, r, i, a) => t(e, r, i, A(n, a));
	return n;
}, ut = (e) => {
	let t = $e(e), n = async (e, r, i, a) => {
		let o = i ? {
			...i,
			direction: "backward"
		} : { direction: "backward" };
		return await t(e, r, o, A(n, a));
	};
	return n;
}, dt = (e) => {
	let t = $e(e), n = async (e, r, i, a) => await t(e, r, i, A(n, a));
	return n;
}, ft = (e) => (t, n, r) => {
	let i = r ? {
		...r,
		direction: "backward"
	} : { direction: "backward" };
	return et(e)(t, n, i);
}, pt = (e) => (t, n, r) => et(e)(t, n, r), mt = (e) => async (t, n, r) => {
	let i = r ? {
		...r,
		direction: "backward"
	} : { direction: "backward" };
	return nt(e)(t, n, i);
}, ht = (e) => async (t, n, r) => nt(e)(t, n, r), gt = /^[cC][0-9a-z]{6,}$/, _t = /^[0-9a-z]+$/, vt = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/, yt = /^[0-9a-vA-V]{20}$/, bt = /^[A-Za-z0-9]{27}$/, xt = /^[a-zA-Z0-9_-]{21}$/;
function St(e) {
	return RegExp(`^[a-zA-Z0-9_-]{${e}}$`);
}
var Ct = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/, wt = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/, Tt = (e) => e ? RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${e}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`) : /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/, Et = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/, Dt = "^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$";
function Ot() {
	return new RegExp(Dt, "u");
}
var kt = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/, At = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/, jt = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/, Mt = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/, Nt = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/, Pt = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/, Ft = /^https?$/, It = /^\+[1-9]\d{6,14}$/, Lt = "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))";
function Rt(e) {
	return RegExp(`^${e}$`);
}
var zt = /*@__PURE__*/ Rt(Lt);
function Bt(e) {
	let t = "(?:[01]\\d|2[0-3]):[0-5]\\d";
	return typeof e.precision == "number" ? e.precision === -1 ? `${t}` : e.precision === 0 ? `${t}:[0-5]\\d` : `${t}:[0-5]\\d\\.\\d{${e.precision}}` : e.seconds ? `${t}:[0-5]\\d(?:\\.\\d+)?` : `${t}(?::[0-5]\\d(?:\\.\\d+)?)?`;
}
function Vt(e) {
	return RegExp(`^${Bt(e)}$`);
}
function Ht(e) {
	let t = ["Z"];
	e.offset && t.push("([+-](?:[01]\\d|2[0-3]):[0-5]\\d)");
	let n = `${Bt({
		precision: e.precision,
		seconds: !0
	})}(?:${t.join("|")})`, r = e.local ? `${n}|${Bt({ precision: e.precision })}` : n;
	return RegExp(`^${Lt}T(?:${r})$`);
}
var Ut = /^[\s\S]{0,}$/, Wt = /^[^A-Z]*$/, Gt = /^[^a-z]*$/, j = /*@__PURE__*/ E("$ZodCheck", (e, t) => {
	var n;
	e._zod ??= {}, e._zod.def = t, (n = e._zod).onattach ?? (n.onattach = []);
}), Kt = (e) => {
	let t = e.value;
	return !a(t) && t.length !== void 0;
}, qt = /*@__PURE__*/ E("$ZodCheckMaxLength", (e, t) => {
	var n;
	j.init(e, t), (n = e._zod.def).when ?? (n.when = Kt), e._zod.check = (n) => {
		let r = n.value, i = r.length;
		if ((typeof r == "string" && i > t.maximum ? Te(r) : i) <= t.maximum) return;
		let a = Ee(r);
		n.issues.push({
			origin: a,
			code: "too_big",
			maximum: t.maximum,
			inclusive: !0,
			input: r,
			inst: e,
			continue: !t.abort
		});
	};
}), Jt = /*@__PURE__*/ E("$ZodCheckMinLength", (e, t) => {
	var n;
	j.init(e, t), (n = e._zod.def).when ?? (n.when = Kt), e._zod.check = (n) => {
		let r = n.value, i = r.length;
		if ((typeof r == "string" && i >= t.minimum && i < t.minimum * 2 ? Te(r) : i) >= t.minimum) return;
		let a = Ee(r);
		n.issues.push({
			origin: a,
			code: "too_small",
			minimum: t.minimum,
			inclusive: !0,
			input: r,
			inst: e,
			continue: !t.abort
		});
	};
}), Yt = /*@__PURE__*/ E("$ZodCheckLengthEquals", (e, t) => {
	var n;
	j.init(e, t), (n = e._zod.def).when ?? (n.when = Kt), e._zod.check = (n) => {
		let r = n.value, i = r.length, a = typeof r == "string" && i >= t.length && i <= t.length * 2 ? Te(r) : i;
		if (a === t.length) return;
		let o = Ee(r), s = a > t.length;
		n.issues.push({
			origin: o,
			...s ? {
				code: "too_big",
				maximum: t.length
			} : {
				code: "too_small",
				minimum: t.length
			},
			inclusive: !0,
			exact: !0,
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
}), Xt = /*@__PURE__*/ E("$ZodCheckStringFormat", (e, t) => {
	var n, r;
	j.init(e, t), t.pattern ? (n = e._zod).check ?? (n.check = (n) => {
		t.pattern.lastIndex = 0, t.pattern.test(n.value) || n.issues.push({
			origin: "string",
			code: "invalid_format",
			format: t.format,
			input: n.value,
			...t.pattern ? { pattern: t.pattern.toString() } : {},
			inst: e,
			continue: !t.abort
		});
	}) : (r = e._zod).check ?? (r.check = () => {});
}), Zt = /*@__PURE__*/ E("$ZodCheckRegex", (e, t) => {
	Xt.init(e, t), e._zod.check = (n) => {
		t.pattern.lastIndex = 0, t.pattern.test(n.value) || n.issues.push({
			origin: "string",
			code: "invalid_format",
			format: "regex",
			input: n.value,
			pattern: t.pattern.toString(),
			inst: e,
			continue: !t.abort
		});
	};
}), Qt = /*@__PURE__*/ E("$ZodCheckLowerCase", (e, t) => {
	t.pattern ??= Wt, Xt.init(e, t);
}), $t = /*@__PURE__*/ E("$ZodCheckUpperCase", (e, t) => {
	t.pattern ??= Gt, Xt.init(e, t);
}), en = /*@__PURE__*/ E("$ZodCheckIncludes", (e, t) => {
	j.init(e, t);
	let n = oe(t.includes);
	t.pattern = new RegExp(typeof t.position == "number" ? `^.{${t.position},}${n}` : n), e._zod.check = (n) => {
		n.value.includes(t.includes, t.position) || n.issues.push({
			origin: "string",
			code: "invalid_format",
			format: "includes",
			includes: t.includes,
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
}), tn = /*@__PURE__*/ E("$ZodCheckStartsWith", (e, t) => {
	j.init(e, t);
	let n = RegExp(`^${oe(t.prefix)}.*`);
	t.pattern ??= n, e._zod.check = (n) => {
		n.value.startsWith(t.prefix) || n.issues.push({
			origin: "string",
			code: "invalid_format",
			format: "starts_with",
			prefix: t.prefix,
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
}), nn = /*@__PURE__*/ E("$ZodCheckEndsWith", (e, t) => {
	j.init(e, t);
	let n = RegExp(`.*${oe(t.suffix)}$`);
	t.pattern ??= n, e._zod.check = (n) => {
		n.value.endsWith(t.suffix) || n.issues.push({
			origin: "string",
			code: "invalid_format",
			format: "ends_with",
			suffix: t.suffix,
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
}), rn = /*@__PURE__*/ E("$ZodCheckOverwrite", (e, t) => {
	j.init(e, t), e._zod.check = (e) => {
		e.value = t.tx(e.value);
	};
}), an = class {
	constructor(e = [], t = {}) {
		this.content = [], this.indent = 0, this.args = e, this.closed = t;
	}
	indented(e) {
		this.indent += 1;
		try {
			e(this);
		} finally {
			--this.indent;
		}
	}
	write(e) {
		if (typeof e == "function") {
			e(this, { execution: "sync" }), e(this, { execution: "async" });
			return;
		}
		let t = e.split("\n").filter((e) => e), n = Math.min(...t.map((e) => e.length - e.trimStart().length)), r = t.map((e) => e.slice(n)).map((e) => " ".repeat(this.indent * 2) + e);
		for (let e of r) this.content.push(e);
	}
	compile() {
		let e = Function, t = this?.content ?? [""];
		return new e(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${t.join("\n")}\n};`)(...Object.values(this.closed));
	}
}, on = {
	major: 4,
	minor: 6,
	patch: 7
}, M = /*@__PURE__*/ E("$ZodType", (e, t) => {
	var n;
	e ??= {}, e._zod.def = t, e._zod.bag = e._zod.bag || {}, e._zod.version = on;
	let r = e._zod.def.checks, i = e._zod.traits.has("$ZodCheck") ? [e, ...r ?? []] : r?.length ? [...r] : [];
	for (let t of i) for (let n of t._zod.onattach) n(e);
	if (i.length === 0) (n = e._zod).deferred ?? (n.deferred = []), e._zod.deferred?.push(() => {
		e._zod.run = e._zod.parse;
	});
	else {
		let t = (t, n, r) => {
			if (t.memo) return t;
			let i = y(t), a;
			for (let o of n) {
				if (o._zod.def.when) {
					if (be(t) || !o._zod.def.when(t)) continue;
				} else if (i) continue;
				let n = t.issues.length, s = o._zod.check(t);
				if (s instanceof Promise && r?.async === !1) throw new D();
				if (a || s instanceof Promise) a = (a ?? Promise.resolve()).then(async () => {
					await s, t.issues.length !== n && (Ce(t.issues, n, e), i ||= y(t, n));
				});
				else {
					if (t.issues.length === n) continue;
					Ce(t.issues, n, e), i ||= y(t, n);
				}
			}
			return a ? a.then(() => t) : t;
		}, n = (n, r, a) => {
			if (y(n)) return n.aborted = !0, n;
			let o = t(r, i, a);
			if (o instanceof Promise) {
				if (a.async === !1) throw new D();
				return o.then((t) => e._zod.parse(t, a));
			}
			return e._zod.parse(o, a);
		};
		e._zod.run = (r, a) => {
			if (a.skipChecks) return e._zod.parse(r, a);
			if (a.direction === "backward") {
				let t = e._zod.parse({
					value: r.value,
					issues: []
				}, {
					...a,
					skipChecks: !0
				});
				return t instanceof Promise ? t.then((e) => n(e, r, a)) : n(t, r, a);
			}
			let o = e._zod.parse(r, a);
			if (o instanceof Promise) {
				if (a.async === !1) throw new D();
				return o.then((e) => t(e, i, a));
			}
			return t(o, i, a);
		};
	}
}, {
	get "~standard"() {
		return ke(this, "~standard", ln(this));
	},
	set "~standard"(e) {
		C(this, "~standard", e);
	}
}), sn = (e, t) => e.issues.length ? { issues: e.issues.map((e) => x(e, t, k())) } : { value: e.value };
async function cn(e, t) {
	let n = { async: !0 };
	return sn(await e._zod.run({
		value: t,
		issues: []
	}, n), n);
}
function ln(e) {
	return {
		validate: (t) => {
			let n = { async: !1 };
			try {
				let r = e._zod.run({
					value: t,
					issues: []
				}, n);
				if (!(r instanceof Promise)) return sn(r, n);
			} catch {}
			return cn(e, t);
		},
		vendor: "zod",
		version: 1
	};
}
var un = /*@__PURE__*/ E("$ZodString", (e, t) => {
	M.init(e, t), e._zod.pattern = t.pattern ?? Ut, e._zod.parse = (n, r) => {
		if (t.coerce) try {
			n.value = String(n.value);
		} catch {}
		return typeof n.value == "string" || n.issues.push({
			expected: "string",
			code: "invalid_type",
			input: n.value,
			inst: e
		}), n;
	};
}), N = /*@__PURE__*/ E("$ZodStringFormat", (e, t) => {
	Xt.init(e, t), un.init(e, t);
}), dn = /*@__PURE__*/ E("$ZodGUID", (e, t) => {
	t.pattern ??= wt, N.init(e, t);
}), fn = /*@__PURE__*/ E("$ZodUUID", (e, t) => {
	if (t.version) {
		let e = {
			v1: 1,
			v2: 2,
			v3: 3,
			v4: 4,
			v5: 5,
			v6: 6,
			v7: 7,
			v8: 8
		}[t.version];
		if (e === void 0) throw Error(`Invalid UUID version: "${t.version}"`);
		t.pattern ??= Tt(e);
	} else t.pattern ??= Tt();
	N.init(e, t);
}), pn = /*@__PURE__*/ E("$ZodEmail", (e, t) => {
	t.pattern ??= Et, N.init(e, t);
});
function mn(e) {
	try {
		return typeof URL < "u" && typeof URL.canParse == "function" ? URL.canParse(e) : (new URL(e), !0);
	} catch {
		return !1;
	}
}
function hn(e, t) {
	return !("normalize" in t) && !("hostname" in t) && !("protocol" in t) ? mn(e) || 2 : gn(e, t);
}
function gn(e, t) {
	if (!t.normalize && t.protocol?.source === Ft.source && !/^https?:\/\//i.test(e)) return 1;
	try {
		if (typeof URL < "u") {
			let t = URL;
			if (typeof t.parse == "function") return t.parse(e) ?? 2;
		}
		return new URL(e);
	} catch {
		return 2;
	}
}
var _n = /[\t\n\r]/g;
function vn(e) {
	return e.replace(_n, "");
}
function yn(e, t) {
	return t.lastIndex = 0, t.test(e.hostname);
}
function bn(e, t) {
	return t.lastIndex = 0, t.test(e.protocol.endsWith(":") ? e.protocol.slice(0, -1) : e.protocol);
}
var xn = /*@__PURE__*/ E("$ZodURL", (e, t) => {
	N.init(e, t), e._zod.check = (n) => {
		try {
			let r = n.value.trim(), i = hn(r, t);
			if (i === 1) {
				n.issues.push({
					code: "invalid_format",
					format: "url",
					note: "Invalid URL format",
					input: n.value,
					inst: e,
					continue: !t.abort
				});
				return;
			}
			if (i === 2) {
				n.issues.push({
					code: "invalid_format",
					format: "url",
					input: n.value,
					inst: e,
					continue: !t.abort
				});
				return;
			}
			if (i === !0) {
				n.value = vn(r);
				return;
			}
			t.hostname && !yn(i, t.hostname) && n.issues.push({
				code: "invalid_format",
				format: "url",
				note: "Invalid hostname",
				pattern: t.hostname.source,
				input: n.value,
				inst: e,
				continue: !t.abort
			}), t.protocol && !bn(i, t.protocol) && n.issues.push({
				code: "invalid_format",
				format: "url",
				note: "Invalid protocol",
				pattern: t.protocol.source,
				input: n.value,
				inst: e,
				continue: !t.abort
			}), n.value = t.normalize ? i.href : vn(r);
			return;
		} catch {
			n.issues.push({
				code: "invalid_format",
				format: "url",
				input: n.value,
				inst: e,
				continue: !t.abort
			});
		}
	};
}), Sn = /*@__PURE__*/ E("$ZodEmoji", (e, t) => {
	t.pattern ??= Ot(), N.init(e, t);
}), Cn = /*@__PURE__*/ E("$ZodNanoID", (e, t) => {
	if (t.length !== void 0 && (!Number.isInteger(t.length) || t.length < 1)) throw Error(`Invalid nanoid length: ${t.length}`);
	t.pattern ??= t.length === void 0 ? xt : St(t.length), N.init(e, t);
}), wn = /*@__PURE__*/ E("$ZodCUID", (e, t) => {
	t.pattern ??= gt, N.init(e, t);
}), Tn = /*@__PURE__*/ E("$ZodCUID2", (e, t) => {
	t.pattern ??= _t, N.init(e, t);
}), En = /*@__PURE__*/ E("$ZodULID", (e, t) => {
	t.pattern ??= vt, N.init(e, t);
}), Dn = /*@__PURE__*/ E("$ZodXID", (e, t) => {
	t.pattern ??= yt, N.init(e, t);
}), On = /*@__PURE__*/ E("$ZodKSUID", (e, t) => {
	t.pattern ??= bt, N.init(e, t);
}), kn = /*@__PURE__*/ E("$ZodISODateTime", (e, t) => {
	t.pattern ??= Ht(t), N.init(e, t);
}), An = /*@__PURE__*/ E("$ZodISODate", (e, t) => {
	t.pattern ??= zt, N.init(e, t);
}), jn = /*@__PURE__*/ E("$ZodISOTime", (e, t) => {
	t.pattern ??= Vt(t), N.init(e, t);
}), Mn = /*@__PURE__*/ E("$ZodISODuration", (e, t) => {
	t.pattern ??= Ct, N.init(e, t);
}), Nn = /*@__PURE__*/ E("$ZodIPv4", (e, t) => {
	t.pattern ??= kt, N.init(e, t);
}), Pn = /^[0-9a-fA-F:.]+$/;
function Fn(e) {
	return Pn.test(e) ? mn(`http://[${e}]`) : !1;
}
var In = /*@__PURE__*/ E("$ZodIPv6", (e, t) => {
	t.pattern ??= At, N.init(e, t), e._zod.check = (n) => {
		Fn(n.value) || n.issues.push({
			code: "invalid_format",
			format: "ipv6",
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
}), Ln = /*@__PURE__*/ E("$ZodCIDRv4", (e, t) => {
	t.pattern ??= jt, N.init(e, t);
});
function Rn(e) {
	let t = e.split("/");
	if (t.length !== 2) return !1;
	let [n, r] = t;
	if (!r) return !1;
	let i = Number(r);
	return `${i}` !== r || i < 0 || i > 128 ? !1 : Fn(n);
}
var zn = /*@__PURE__*/ E("$ZodCIDRv6", (e, t) => {
	t.pattern ??= Mt, N.init(e, t), e._zod.check = (n) => {
		Rn(n.value) || n.issues.push({
			code: "invalid_format",
			format: "cidrv6",
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
});
function Bn(e) {
	if (e === "") return !0;
	if (/\s/.test(e) || e.length % 4 != 0) return !1;
	try {
		return atob(e), !0;
	} catch {
		return !1;
	}
}
var Vn = /^[0-9a-zA-Z+/]*={0,2}$/, Hn = /*@__PURE__*/ E("$ZodBase64", (e, t) => {
	t.pattern ??= Vn, N.init(e, t), e._zod.check = (n) => {
		Bn(n.value) || n.issues.push({
			code: "invalid_format",
			format: "base64",
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
}), Un = /^[A-Za-z0-9_-]*$/;
function Wn(e) {
	if (!Un.test(e)) return !1;
	let t = e.replace(/[-_]/g, (e) => e === "-" ? "+" : "/");
	return Bn(t.padEnd(Math.ceil(t.length / 4) * 4, "="));
}
var Gn = /*@__PURE__*/ E("$ZodBase64URL", (e, t) => {
	t.pattern ??= Un, N.init(e, t), e._zod.check = (n) => {
		Wn(n.value) || n.issues.push({
			code: "invalid_format",
			format: "base64url",
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
}), Kn = /*@__PURE__*/ E("$ZodE164", (e, t) => {
	t.pattern ??= It, N.init(e, t);
});
function qn(e, t = null) {
	try {
		let n = e.split(".");
		if (n.length !== 3) return !1;
		let [r] = n;
		if (!r) return !1;
		let i = JSON.parse(atob(r));
		return !("typ" in i && i?.typ !== "JWT" || !i.alg || t && (!("alg" in i) || i.alg !== t));
	} catch {
		return !1;
	}
}
var Jn = /*@__PURE__*/ E("$ZodJWT", (e, t) => {
	N.init(e, t), e._zod.check = (n) => {
		qn(n.value, t.alg) || n.issues.push({
			code: "invalid_format",
			format: "jwt",
			input: n.value,
			inst: e,
			continue: !t.abort
		});
	};
}), Yn = /*@__PURE__*/ E("$ZodUnknown", (e, t) => {
	M.init(e, t), e._zod.parse = (e) => e;
}), Xn = /*@__PURE__*/ E("$ZodNever", (e, t) => {
	M.init(e, t), e._zod.parse = (t, n) => (t.issues.push({
		expected: "never",
		code: "invalid_type",
		input: t.value,
		inst: e
	}), t);
});
function Zn(e, t) {
	let n = Se(e._zod.def.checks);
	if (!n.length) return;
	let r = Math.min(...n.map((e) => e[0])), i = e._zod.parse;
	e._zod.parse = (n, a) => {
		let o = t(n.value);
		if (o > r && !a?.skipChecks && a?.direction !== "backward") {
			for (let [t, r] of Se(e._zod.def.checks)) if (o > t && r._zod.def.when(n)) {
				let t = n.issues.length;
				return r._zod.check(n), n.issues[t].continue = !1, Ce(n.issues, t, e), n;
			}
		}
		return i(n, a);
	};
}
var Qn = (e) => Array.isArray(e) ? e.length : -1;
function $n(e, t, n) {
	e.issues.length && t.issues.push(...xe(n, e.issues)), t.value[n] = e.value;
}
var er = /*@__PURE__*/ E("$ZodArray", (e, t) => {
	M.init(e, t);
	let n = O.memoizer;
	n?.attach(e), e._zod.parse = (r, i) => {
		let a = r.value;
		if (!Array.isArray(a)) return r.issues.push({
			expected: "array",
			code: "invalid_type",
			input: a,
			inst: e
		}), r;
		r.value = n ? n.alloc(e, r, Array(a.length), i) : Array(a.length);
		let o = [], s = i?.abortEarly;
		for (let e = 0; e < a.length; e++) {
			let n = a[e], c = t.element._zod.run({
				value: n,
				issues: []
			}, i);
			if (c instanceof Promise) o.push(c.then((t) => $n(t, r, e)));
			else if ($n(c, r, e), s && c.issues.length !== 0 && y(c)) break;
		}
		return o.length ? Promise.all(o).then(() => r) : r;
	}, Zn(e, Qn);
});
function tr(e, t, n, r, i, a) {
	let o = n in r, s = a === "optional";
	if (o || !s || i !== "optional") {
		if (e.issues.length) {
			if (i !== void 0 && s && !o) return;
			t.issues.push(...xe(n, e.issues));
		}
		!o && i === void 0 ? e.issues.length || t.issues.push({
			code: "invalid_type",
			expected: "nonoptional",
			input: void 0,
			path: [n]
		}) : e.value === void 0 ? (o || i === "defaulted" && !s) && (t.value[n] = void 0) : t.value[n] = e.value;
	}
}
var nr = [];
function rr(e) {
	let t = Object.keys(e.shape), n = Object.getOwnPropertySymbols(e.shape), r = n.length ? n : nr, i = r.length ? [...t, ...r] : t;
	for (let t of i) if (!e.shape?.[t]?._zod?.traits?.has("$ZodType")) throw Error(`Invalid element at key "${String(t)}": expected a Zod schema`);
	let a = ce(e.shape);
	return {
		...e,
		allKeys: i,
		symbolKeys: r,
		keySet: new Set(t),
		numKeys: t.length,
		optionalKeys: new Set(a)
	};
}
function ir(e, t, n, r, i, a, o) {
	let s = [], c = i.keySet, l = i.catchall._zod, u = l.def.type, d = l.optin, f = l.optout, p = 0;
	for (let i in t) {
		if (o && n.issues.length !== p) {
			if (y(n, p)) break;
			p = n.issues.length;
		}
		if (c.has(i)) continue;
		if (i === "__proto__") {
			u === "never" && s.push(i);
			continue;
		}
		if (u === "never") {
			s.push(i);
			continue;
		}
		let a = l.run({
			value: t[i],
			issues: []
		}, r);
		a instanceof Promise ? e.push(a.then((e) => tr(e, n, i, t, d, f))) : tr(a, n, i, t, d, f);
	}
	return s.length && n.issues.push({
		code: "unrecognized_keys",
		keys: s,
		input: t,
		inst: a,
		continue: !0
	}), e.length ? Promise.all(e).then(() => n) : n;
}
var ar = /*@__PURE__*/ E("$ZodObject", (e, t) => {
	M.init(e, t);
	let n = Object.getOwnPropertyDescriptor(t, "shape"), r = n?.get ? n.get.raw : t.shape ?? {};
	if (r) {
		let e = () => {
			let n = { ...r };
			return Object.defineProperty(t, "shape", { value: n }), e.raw = n, n;
		};
		e.raw = r, Object.defineProperty(t, "shape", { get: e });
	}
	let a = i(() => rr(t));
	T(e, "propValues", (e) => {
		let t = e.def.shape, n = {};
		for (let e in t) {
			let r = t[e]._zod;
			if (r.values) {
				Object.prototype.hasOwnProperty.call(n, e) || s(n, e, /* @__PURE__ */ new Set());
				for (let t of r.values) n[e].add(t);
				r.optin !== void 0 && n[e].add(void 0);
			}
		}
		return n;
	});
	let o = ne, c = t.catchall, l, u = O.memoizer;
	u?.attach(e), e._zod.parse = (t, n) => {
		l ??= a.value;
		let r = t.value;
		if (!o(r)) return t.issues.push({
			expected: "object",
			code: "invalid_type",
			input: r,
			inst: e
		}), t;
		t.value = u ? u.alloc(e, t, {}, n) : {};
		let i = [], s = l.shape, d = n?.abortEarly, f = t.issues.length;
		for (let e of l.allKeys) {
			if (d && t.issues.length !== f) {
				if (y(t, f)) break;
				f = t.issues.length;
			}
			if (e === "__proto__") continue;
			let a = s[e], o = a._zod.optin, c = a._zod.optout, l = a._zod.run({
				value: r[e],
				issues: []
			}, n);
			l instanceof Promise ? i.push(l.then((n) => tr(n, t, e, r, o, c))) : tr(l, t, e, r, o, c);
		}
		return c ? ir(i, r, t, n, a.value, e, d === !0) : i.length ? Promise.all(i).then(() => t) : t;
	};
}), or = /*@__PURE__*/ E("$ZodObjectJIT", (e, t) => {
	ar.init(e, t);
	let n = e._zod.parse, r = i(() => rr(t)), a = O.memoizer, o = (t) => {
		let n = r.value, i = n.symbolKeys, o = new an(["payload", "ctx"], {
			shape: t,
			inst: e,
			memo: a,
			syms: i
		}), s = (e) => `shape[${e}]._zod.run({ value: input[${e}], issues: [] }, ctx)`, c = (e, t) => `
          let ${e}_ab = false;
          for (let i = 0; i < ${e}.issues.length; i++) {
            const iss = ${e}.issues[i];
            iss.path = iss.path ? [${t}, ...iss.path] : [${t}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${e}_ab = true;
          }
          if (${e}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
		o.write("const input = payload.value;");
		let l = Object.create(null), u = 0;
		for (let e of n.allKeys) l[e] = `key_${u++}`;
		o.write(a ? "const newResult = memo.alloc(inst, payload, {}, ctx);" : "const newResult = {};");
		for (let e of n.allKeys) {
			if (e === "__proto__") continue;
			let n = l[e], r = typeof e == "symbol" ? `syms[${i.indexOf(e)}]` : h(e), a = `${r} in input`, u = t[e], d = u?._zod?.optin, f = d !== void 0, p = u?._zod?.optout === "optional";
			if (o.write(`const ${n} = ${s(r)};`), f && p) {
				let e = d === "optional" ? `${n}_present` : `${n}.value !== undefined || ${n}_present`;
				o.write(`
        const ${n}_present = ${a};
        if (!${n}.issues.length || ${n}_present) {
          if (${n}.issues.length) {${c(n, r)}
          }

          if (${e}) {
            newResult[${r}] = ${n}.value;
          }
        }

      `);
			} else f ? (o.write(`
        if (${n}.issues.length) {${c(n, r)}
        }
      `), d === "defaulted" ? o.write(`newResult[${r}] = ${n}.value;`) : o.write(`
        if (${n}.value !== undefined || ${a}) {
          newResult[${r}] = ${n}.value;
        }
      `)) : o.write(`
        const ${n}_present = ${a};
        if (${n}.issues.length) {${c(n, r)}
        }
        if (!${n}_present && !${n}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${r}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${n}_present) {
          newResult[${r}] = ${n}.value;
        }

      `);
		}
		return o.write("payload.value = newResult;"), o.write("return payload;"), o.compile();
	}, s, c = ne, l = !O.jitless, u = l && re.value, d = t.catchall, f;
	e._zod.parse = (i, a) => {
		f ??= r.value;
		let p = i.value;
		return c(p) ? l && u && a?.async === !1 && a.jitless !== !0 ? (s ||= o(t.shape), i = s(i, a), d ? ir([], p, i, a, f, e, a?.abortEarly === !0) : i) : n(i, a) : (i.issues.push({
			expected: "object",
			code: "invalid_type",
			input: p,
			inst: e
		}), i);
	};
});
function sr(e, t, n, r) {
	for (let n of e) if (n.issues.length === 0) return t.value = n.value, t;
	let i = e.filter((e) => !y(e));
	return i.length === 1 ? (t.value = i[0].value, i[0]) : (t.issues.push({
		code: "invalid_union",
		input: t.value,
		inst: n,
		errors: e.map((e) => e.issues.map((e) => x(e, r, k())))
	}), t);
}
var cr = /*@__PURE__*/ E("$ZodUnion", (e, t) => {
	M.init(e, t), T(e, "optin", (e) => e.def.options.some((e) => e._zod.optin === "defaulted") ? "defaulted" : e.def.options.some((e) => e._zod.optin !== void 0) ? "optional" : void 0), T(e, "optout", (e) => e.def.options.some((e) => e._zod.optout === "optional") ? "optional" : void 0), T(e, "values", (e) => {
		if (e.def.options.every((e) => e._zod.values)) return new Set(e.def.options.flatMap((e) => Array.from(e._zod.values)));
	}), T(e, "pattern", (e) => {
		if (e.def.options.every((e) => e._zod.pattern)) {
			let t = e.def.options.map((e) => e._zod.pattern);
			return RegExp(`^(${t.map((e) => o(e.source)).join("|")})$`);
		}
	});
	let n = t.options.length === 1 ? t.options[0]._zod.run : null;
	e._zod.parse = (r, i) => {
		if (n) return n(r, i);
		let a = !1, o = [];
		for (let e of t.options) {
			let t = e._zod.run({
				value: r.value,
				issues: []
			}, i);
			if (t instanceof Promise) o.push(t), a = !0;
			else {
				if (t.issues.length === 0) return t;
				o.push(t);
			}
		}
		return a ? Promise.all(o).then((t) => sr(t, r, e, i)) : sr(o, r, e, i);
	};
}), lr = /*@__PURE__*/ E("$ZodIntersection", (e, t) => {
	M.init(e, t), e._zod.parse = (e, n) => {
		let r = e.value, i = t.left._zod.run({
			value: r,
			issues: []
		}, n), a = t.right._zod.run({
			value: r,
			issues: []
		}, n);
		return i instanceof Promise || a instanceof Promise ? Promise.all([i, a]).then(([t, n]) => dr(e, t, n)) : dr(e, i, a);
	};
});
function ur(e, t) {
	if (e === t || e instanceof Date && t instanceof Date && +e == +t) return {
		valid: !0,
		data: e
	};
	if (g(e) && g(t)) {
		let n = Object.keys(t), r = Object.keys(e).filter((e) => n.indexOf(e) !== -1), i = {
			...e,
			...t
		};
		Object.prototype.hasOwnProperty.call(i, "__proto__") && delete i.__proto__;
		for (let n of r) {
			if (n === "__proto__") continue;
			let r = ur(e[n], t[n]);
			if (!r.valid) return {
				valid: !1,
				mergeErrorPath: [n, ...r.mergeErrorPath]
			};
			i[n] = r.data;
		}
		return {
			valid: !0,
			data: i
		};
	}
	if (Array.isArray(e) && Array.isArray(t)) {
		if (e.length !== t.length) return {
			valid: !1,
			mergeErrorPath: []
		};
		let n = [];
		for (let r = 0; r < e.length; r++) {
			let i = e[r], a = t[r], o = ur(i, a);
			if (!o.valid) return {
				valid: !1,
				mergeErrorPath: [r, ...o.mergeErrorPath]
			};
			n.push(o.data);
		}
		return {
			valid: !0,
			data: n
		};
	}
	return {
		valid: !1,
		mergeErrorPath: []
	};
}
function dr(e, t, n) {
	let r = /* @__PURE__ */ new Map(), i, a = /* @__PURE__ */ new Map(), o = (e, t) => {
		let n;
		if (e.code === "unrecognized_keys" && !e.path?.length) i ??= e, n = e.keys;
		else if (e.code === "invalid_key" && e.origin === "record" && e.path?.length === 1) {
			let t = String(e.path[0]);
			a.has(t) || a.set(t, e), n = [t];
		} else return !1;
		for (let e of n) r.has(e) || r.set(e, {}), r.get(e)[t] = !0;
		return !0;
	};
	for (let n of t.issues) o(n, "l") || e.issues.push(n);
	for (let t of n.issues) o(t, "r") || e.issues.push(t);
	let s = [...r].filter(([, e]) => e.l && e.r).map(([e]) => e);
	if (s.length) {
		let t = i ? s.filter((e) => i.keys.includes(e)) : [];
		t.length && e.issues.push({
			...i,
			keys: t
		});
		for (let n of s) !t.includes(n) && a.has(n) && e.issues.push(a.get(n));
	}
	let c = ur(t.value, n.value);
	if (!c.valid) {
		if (y(e)) return e;
		throw Error(`Unmergable intersection. Error path: ${JSON.stringify(c.mergeErrorPath)}`);
	}
	return e.value = c.data, e;
}
var fr = /*@__PURE__*/ E("$ZodEnum", (t, n) => {
	M.init(t, n);
	let r = e(n.entries), i = new Set(r);
	t._zod.values = i, T(t, "pattern", (t) => {
		let n = e(t.def.entries).filter((e) => ae.has(typeof e));
		return RegExp(n.length ? `^(${n.map((e) => oe(e.toString())).join("|")})$` : "^[^\\s\\S]$");
	}), t._zod.parse = (e, n) => {
		let a = e.value;
		return i.has(a) || e.issues.push({
			code: "invalid_value",
			values: r,
			input: a,
			inst: t
		}), e;
	};
}), pr = /*@__PURE__*/ E("$ZodTransform", (e, t) => {
	M.init(e, t), e._zod.optin = "optional", O.memoizer?.guard(e), e._zod.parse = (n, r) => {
		if (r.direction === "backward") throw new He(e.constructor.name);
		let i = t.transform(n.value, n);
		if (r.async) return (i instanceof Promise ? i : Promise.resolve(i)).then((e) => (n.value = e, n));
		if (i instanceof Promise) throw new D();
		return n.value = i, n;
	};
});
function mr(e, t) {
	return e.value = t.issues.length ? void 0 : t.value, e;
}
var hr = /*@__PURE__*/ E("$ZodOptional", (e, t) => {
	M.init(e, t), T(e, "optin", (e) => e.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional"), e._zod.optout = "optional", T(e, "values", (e) => {
		let t = e.def.innerType._zod.values;
		return t ? /* @__PURE__ */ new Set([...t, void 0]) : void 0;
	}), T(e, "pattern", (e) => {
		let t = e.def.innerType._zod.pattern;
		return t ? RegExp(`^(${o(t.source)})?$`) : void 0;
	}), e._zod.parse = (e, n) => {
		if (e.value === void 0) {
			if (t.innerType._zod.optin !== "defaulted") return e;
			let r = t.innerType._zod.run({
				value: e.value,
				issues: []
			}, n);
			return r instanceof Promise ? r.then((t) => mr(e, t)) : mr(e, r);
		}
		return t.innerType._zod.run(e, n);
	};
}), gr = /*@__PURE__*/ E("$ZodExactOptional", (e, t) => {
	hr.init(e, t), T(e, "values", (e) => e.def.innerType._zod.values), T(e, "pattern", (e) => e.def.innerType._zod.pattern), e._zod.parse = (e, n) => t.innerType._zod.run(e, n);
}), _r = /*@__PURE__*/ E("$ZodNullable", (e, t) => {
	M.init(e, t), T(e, "optin", (e) => e.def.innerType._zod.optin), T(e, "optout", (e) => e.def.innerType._zod.optout), T(e, "pattern", (e) => {
		let t = e.def.innerType._zod.pattern;
		return t ? RegExp(`^(${o(t.source)}|null)$`) : void 0;
	}), T(e, "values", (e) => e.def.innerType._zod.values ? /* @__PURE__ */ new Set([...e.def.innerType._zod.values, null]) : void 0), e._zod.parse = (e, n) => e.value === null ? e : t.innerType._zod.run(e, n);
}), vr = /*@__PURE__*/ E("$ZodDefault", (e, t) => {
	M.init(e, t), e._zod.optin = "defaulted", T(e, "values", (e) => e.def.innerType._zod.values), e._zod.parse = (e, n) => {
		if (n.direction === "backward") return t.innerType._zod.run(e, n);
		if (e.value === void 0) return e.value = t.defaultValue, e;
		let r = t.innerType._zod.run(e, n);
		return r instanceof Promise ? r.then((e) => yr(e, t)) : yr(r, t);
	};
});
function yr(e, t) {
	return e.value === void 0 && (e.value = t.defaultValue), e;
}
var br = /*@__PURE__*/ E("$ZodPrefault", (e, t) => {
	M.init(e, t), e._zod.optin = "defaulted", T(e, "values", (e) => e.def.innerType._zod.values), e._zod.parse = (e, n) => (n.direction === "backward" || e.value === void 0 && (e.value = t.defaultValue), t.innerType._zod.run(e, n));
}), xr = /*@__PURE__*/ E("$ZodNonOptional", (e, t) => {
	M.init(e, t), T(e, "values", (e) => {
		let t = e.def.innerType._zod.values;
		return t ? new Set([...t].filter((e) => e !== void 0)) : void 0;
	}), e._zod.parse = (n, r) => {
		let i = t.innerType._zod.run(n, r);
		return i instanceof Promise ? i.then((t) => Sr(t, e)) : Sr(i, e);
	};
});
function Sr(e, t) {
	return !e.issues.length && e.value === void 0 && e.issues.push({
		code: "invalid_type",
		expected: "nonoptional",
		input: e.value,
		inst: t
	}), e;
}
function Cr(e, t, n, r) {
	return t.issues.length ? (e.value = n.catchValue({
		...t,
		value: e.value,
		error: { issues: t.issues.map((e) => x(e, r, k())) },
		input: e.value
	}), e) : (e.value = t.value, t.memo && (e.memo = !0), e);
}
var wr = /*@__PURE__*/ E("$ZodCatch", (e, t) => {
	M.init(e, t), T(e, "optin", (e) => e.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional"), T(e, "optout", (e) => e.def.innerType._zod.optout), T(e, "values", (e) => e.def.innerType._zod.values), e._zod.parse = (e, n) => {
		if (n.direction === "backward") return t.innerType._zod.run(e, n);
		let r = t.innerType._zod.run({
			value: e.value,
			issues: []
		}, n);
		return r instanceof Promise ? r.then((r) => Cr(e, r, t, n)) : Cr(e, r, t, n);
	};
}), Tr = /*@__PURE__*/ E("$ZodPipe", (e, t) => {
	M.init(e, t), T(e, "values", (e) => e.def.in._zod.values), T(e, "optin", (e) => e.def.in._zod.optin), T(e, "optout", (e) => e.def.out._zod.optout), T(e, "propValues", (e) => e.def.in._zod.propValues), e._zod.parse = (e, n) => {
		if (n.direction === "backward") {
			let r = t.out._zod.run(e, n);
			return r instanceof Promise ? r.then((e) => Er(e, t.in, n)) : Er(r, t.in, n);
		}
		let r = t.in._zod.run(e, n);
		return r instanceof Promise ? r.then((e) => Er(e, t.out, n)) : Er(r, t.out, n);
	};
});
function Er(e, t, n) {
	return e.issues.some((e) => e.code !== "unrecognized_keys") ? (e.aborted = !0, e) : t._zod.run({
		value: e.value,
		issues: e.issues
	}, n);
}
var Dr = /*@__PURE__*/ E("$ZodReadonly", (e, t) => {
	M.init(e, t), T(e, "propValues", (e) => e.def.innerType._zod.propValues), T(e, "values", (e) => e.def.innerType._zod.values), T(e, "optin", (e) => e.def.innerType?._zod?.optin), T(e, "optout", (e) => e.def.innerType?._zod?.optout), e._zod.parse = (e, n) => {
		if (n.direction === "backward") return t.innerType._zod.run(e, n);
		let r = t.innerType._zod.run(e, n);
		return r instanceof Promise ? r.then(Or) : Or(r);
	};
});
function Or(e) {
	return e.memo || (e.value = Object.freeze(e.value)), e;
}
var kr = /*@__PURE__*/ E("$ZodCustom", (e, t) => {
	j.init(e, t), M.init(e, t), e._zod.parse = (e, t) => e, e._zod.check = (n) => {
		let r = n.value, i = t.fn(r);
		if (i instanceof Promise) return i.then((t) => Ar(t, n, r, e));
		Ar(i, n, r, e);
	};
});
function Ar(e, t, n, r) {
	if (!e) {
		let e = {
			code: "custom",
			input: n,
			inst: r,
			path: [...r._zod.def.path ?? []],
			continue: !r._zod.def.abort
		};
		r._zod.def.params && (e.params = r._zod.def.params), t.issues.push(S(e));
	}
}
// ../node_modules/zod/v4/core/memoizer.js
var jr = class extends Error {
	constructor() {
		super("Cannot parse a reference cycle that closes through a transform"), this.name = "ZodCyclicError";
	}
}, Mr = "~memo", Nr = [];
function Pr(e) {
	return typeof e == "object" && !!e;
}
function Fr(e) {
	return e.map((e) => e.path ? {
		...e,
		path: e.path.slice()
	} : { ...e });
}
var Ir = /*@__PURE__*/ new WeakMap(), P = 0, Lr = 1, F = 2;
function I(e, t, n) {
	let r = Ir.get(e);
	if (r !== void 0) return r ? F : P;
	if (t.has(e)) return F;
	t.add(e);
	let i = P, a = (e) => {
		if (i !== F && e?._zod) {
			let r = I(e, t, n);
			r > i && (i = r);
		}
	}, o = (e, r) => {
		let i = P;
		for (let a of Reflect.ownKeys(e)) {
			let o = Object.getOwnPropertyDescriptor(e, a);
			if (r && !o.enumerable) continue;
			let s = o.get ? Lr : o.value?._zod ? I(o.value, t, n) : P;
			s > i && (i = s);
		}
		return i;
	}, s = (e) => {
		e > i && (i = e);
	}, l = e._zod.def;
	switch (l.type) {
		case "object": {
			let e = c(l);
			s(e ? o(e, !0) : Lr), a(l.catchall);
			break;
		}
		case "array":
			a(l.element);
			break;
		case "tuple":
			for (let e of l.items) a(e);
			a(l.rest);
			break;
		case "record":
		case "map":
			a(l.keyType), a(l.valueType);
			break;
		case "set":
			a(l.valueType);
			break;
		case "union":
			for (let e of l.options) a(e);
			break;
		case "intersection":
			a(l.left), a(l.right);
			break;
		case "optional":
		case "nullable":
		case "default":
		case "prefault":
		case "catch":
		case "readonly":
		case "nonoptional":
		case "promise":
		case "success":
			a(l.innerType);
			break;
		case "pipe":
			a(l.in), a(l.out);
			break;
		case "function":
			a(l.input), a(l.output);
			break;
		case "lazy": {
			let r = l._cachedInner ?? (n ? e._zod.innerType : void 0);
			s(r ? I(r, t, !1) : Lr);
			break;
		}
		case "template_literal":
		case "string":
		case "number":
		case "int":
		case "boolean":
		case "bigint":
		case "symbol":
		case "undefined":
		case "null":
		case "void":
		case "never":
		case "any":
		case "unknown":
		case "date":
		case "nan":
		case "enum":
		case "literal":
		case "file":
		case "transform":
		case "custom": break;
		default: for (let e in l) {
			let t = Object.getOwnPropertyDescriptor(l, e);
			if (!t || t.get) continue;
			let n = t.value;
			if (n && typeof n == "object") {
				if (n._zod) a(n);
				else if (Array.isArray(n)) for (let e of n) a(e);
			}
		}
	}
	return t.delete(e), Rr(e, i);
}
function Rr(e, t) {
	return t !== Lr && Ir.set(e, t === F), t;
}
function zr(e, t) {
	let n = e.buckets.get(t);
	return n || (n = /* @__PURE__ */ new WeakMap(), e.buckets.set(t, n)), n;
}
var L, R = [], Br = {
	alloc(e, t, n) {
		let r = L;
		if (!r) return n;
		L = void 0;
		let i = {
			value: n,
			issues: null
		};
		return r.set(t.value, i), R.push(i), n;
	},
	guard(e) {
		var t;
		(t = e._zod).deferred ?? (t.deferred = []), e._zod.deferred.push(() => {
			let t = e._zod.parse, n = (e, n) => {
				if (n.direction !== "backward" && Hr(n, e.value)) throw new jr();
				return t(e, n);
			};
			e._zod.parse = n, e._zod.run === t && (e._zod.run = n);
		});
	},
	attach(e) {
		var t;
		let n, r = !1, i, a;
		(t = e._zod).deferred ?? (t.deferred = []), e._zod.deferred.push(() => {
			let t = e._zod.parse, o = (s, c) => {
				if (n === void 0) {
					let i = I(e, /* @__PURE__ */ new Set(), !1);
					if (i === P) return e._zod.parse = t, e._zod.run === o && (e._zod.run = t), t(s, c);
					i === F || r ? n = !0 : r = !0;
				}
				let l = s.value;
				if (!Pr(l)) return t(s, c);
				let u = c[Mr];
				u || (u = {
					buckets: /* @__PURE__ */ new WeakMap(),
					backEdges: void 0
				}, c[Mr] = u);
				let d;
				i === c ? d = a : (d = zr(u, e), i = c, a = d);
				let f = d.get(l);
				if (f) return s.value = f.value, f.issues ? f.issues.length && s.issues.push(...Fr(f.issues)) : (s.memo = !0, u.backEdges ?? (u.backEdges = /* @__PURE__ */ new WeakSet()), u.backEdges.add(f.value)), s;
				L = d;
				let p = R.length, m = t(s, c);
				L = void 0;
				let h = R.length > p ? R.pop() : void 0;
				return m instanceof Promise ? m.then((e) => (h && (h.issues = e.issues.length ? Fr(e.issues) : Nr), e)) : (h && (h.issues = m.issues.length ? Fr(m.issues) : Nr), m);
			};
			e._zod.parse = o, e._zod.run === t && (e._zod.run = o);
		});
	}
};
function Vr() {
	return Br;
}
function Hr(e, t) {
	let n = e[Mr]?.backEdges;
	return n !== void 0 && Pr(t) && n.has(t);
}
// ../node_modules/zod/v4/locales/en.js
var Ur = () => {
	let e = {
		string: {
			unit: "characters",
			verb: "to have"
		},
		file: {
			unit: "bytes",
			verb: "to have"
		},
		array: {
			unit: "items",
			verb: "to have"
		},
		set: {
			unit: "items",
			verb: "to have"
		},
		map: {
			unit: "entries",
			verb: "to have"
		}
	};
	function n(t) {
		return e[t] ?? null;
	}
	let r = {
		regex: "input",
		email: "email address",
		url: "URL",
		emoji: "emoji",
		uuid: "UUID",
		uuidv4: "UUIDv4",
		uuidv6: "UUIDv6",
		nanoid: "nanoid",
		guid: "GUID",
		cuid: "cuid",
		cuid2: "cuid2",
		ulid: "ULID",
		xid: "XID",
		ksuid: "KSUID",
		datetime: "ISO datetime",
		date: "ISO date",
		time: "ISO time",
		duration: "ISO duration",
		ipv4: "IPv4 address",
		ipv6: "IPv6 address",
		mac: "MAC address",
		cidrv4: "IPv4 range",
		cidrv6: "IPv6 range",
		base64: "base64-encoded string",
		base64url: "base64url-encoded string",
		json_string: "JSON string",
		e164: "E.164 number",
		currency_code: "currency code",
		credit_card: "credit card number",
		iban: "IBAN",
		jwt: "JWT",
		template_literal: "input"
	}, i = { nan: "NaN" };
	function a(e, t) {
		return e === "number" && typeof t == "number" && !Number.isFinite(t) ? String(t) : i[e] ?? e;
	}
	return (e) => {
		switch (e.code) {
			case "invalid_type": return `Invalid input: expected ${a(e.expected)}, received ${a(De(e.input), e.input)}`;
			case "invalid_value": return e.values.length === 1 ? `Invalid input: expected ${se(e.values[0])}` : `Invalid option: expected one of ${t(e.values, "|")}`;
			case "too_big": {
				let t = e.exact ? "exactly " : e.inclusive ? "<=" : "<", r = n(e.origin);
				return r ? `Too big: expected ${e.origin ?? "value"} to have ${t}${e.maximum.toString()} ${r.unit ?? "elements"}` : `Too big: expected ${e.origin ?? "value"} to be ${t}${e.maximum.toString()}`;
			}
			case "too_small": {
				let t = e.exact ? "exactly " : e.inclusive ? ">=" : ">", r = n(e.origin);
				return r ? `Too small: expected ${e.origin} to have ${t}${e.minimum.toString()} ${r.unit}` : `Too small: expected ${e.origin} to be ${t}${e.minimum.toString()}`;
			}
			case "invalid_format": {
				let t = e;
				return t.format === "starts_with" ? `Invalid string: must start with "${t.prefix}"` : t.format === "ends_with" ? `Invalid string: must end with "${t.suffix}"` : t.format === "includes" ? `Invalid string: must include "${t.includes}"` : t.format === "regex" ? `Invalid string: must match pattern ${t.pattern}` : `Invalid ${r[t.format] ?? e.format}`;
			}
			case "not_multiple_of": return `Invalid number: must be a multiple of ${e.divisor}`;
			case "unrecognized_keys": return `Unrecognized key${e.keys.length > 1 ? "s" : ""}: ${t(e.keys, ", ")}`;
			case "invalid_key": return `Invalid key in ${e.origin}`;
			case "invalid_union": return e.options && Array.isArray(e.options) && e.options.length > 0 ? `Invalid discriminator value. Expected ${e.options.map((e) => `'${e}'`).join(" | ")}` : e.inclusive === !1 ? "Invalid input: more than one option matched" : "Invalid input";
			case "invalid_element": return `Invalid value in ${e.origin}`;
			default: return "Invalid input";
		}
	};
};
function Wr() {
	return { localeError: Ur() };
}
// ../node_modules/zod/v4/core/registries.js
var Gr, Kr = class {
	constructor() {
		this._map = /* @__PURE__ */ new WeakMap(), this._idmap = /* @__PURE__ */ new Map();
	}
	add(e, ...t) {
		let n = t[0];
		return this._map.set(e, n), n && typeof n == "object" && "id" in n && this._idmap.set(n.id, e), this;
	}
	clear() {
		return this._map = /* @__PURE__ */ new WeakMap(), this._idmap = /* @__PURE__ */ new Map(), this;
	}
	remove(e) {
		let t = this._map.get(e);
		return t && typeof t == "object" && "id" in t && this._idmap.delete(t.id), this._map.delete(e), this;
	}
	get(e) {
		let t = e._zod.parent;
		if (t) {
			let n = { ...this.get(t) ?? {} };
			delete n.id;
			let r = {
				...n,
				...this._map.get(e)
			};
			return Object.keys(r).length ? r : void 0;
		}
		return this._map.get(e);
	}
	has(e) {
		return this._map.has(e);
	}
};
function qr() {
	return new Kr();
}
(Gr = globalThis).__zod_globalRegistry ?? (Gr.__zod_globalRegistry = qr());
var z = globalThis.__zod_globalRegistry;
// ../node_modules/zod/v4/core/api.js
function Jr(e) {
	return e.checks &&= [...e.checks], e;
}
// @__NO_SIDE_EFFECTS__
function Yr(e, t) {
	return new e(Jr({
		type: "string",
		...v(t)
	}));
}
// @__NO_SIDE_EFFECTS__
function Xr(e, t) {
	return new e({
		type: "string",
		format: "email",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function Zr(e, t) {
	return new e({
		type: "string",
		format: "guid",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function Qr(e, t) {
	return new e({
		type: "string",
		format: "uuid",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function $r(e, t) {
	return new e({
		type: "string",
		format: "uuid",
		check: "string_format",
		abort: !1,
		version: "v4",
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function ei(e, t) {
	return new e({
		type: "string",
		format: "uuid",
		check: "string_format",
		abort: !1,
		version: "v6",
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function ti(e, t) {
	return new e({
		type: "string",
		format: "uuid",
		check: "string_format",
		abort: !1,
		version: "v7",
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function ni(e, t) {
	return new e({
		type: "string",
		format: "url",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function ri(e, t) {
	return new e({
		type: "string",
		format: "emoji",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function ii(e, t) {
	return new e({
		type: "string",
		format: "nanoid",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function ai(e, t) {
	return new e({
		type: "string",
		format: "cuid",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function oi(e, t) {
	return new e({
		type: "string",
		format: "cuid2",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function si(e, t) {
	return new e({
		type: "string",
		format: "ulid",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function ci(e, t) {
	return new e({
		type: "string",
		format: "xid",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function li(e, t) {
	return new e({
		type: "string",
		format: "ksuid",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function ui(e, t) {
	return new e({
		type: "string",
		format: "ipv4",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function di(e, t) {
	return new e({
		type: "string",
		format: "ipv6",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function fi(e, t) {
	return new e({
		type: "string",
		format: "cidrv4",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function pi(e, t) {
	return new e({
		type: "string",
		format: "cidrv6",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function mi(e, t) {
	return new e({
		type: "string",
		format: "base64",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function hi(e, t) {
	return new e({
		type: "string",
		format: "base64url",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function gi(e, t) {
	return new e({
		type: "string",
		format: "e164",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function _i(e, t) {
	return new e({
		type: "string",
		format: "jwt",
		check: "string_format",
		abort: !1,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function vi(e, t) {
	return new e({
		type: "string",
		format: "datetime",
		check: "string_format",
		offset: !1,
		local: !1,
		precision: null,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function yi(e, t) {
	return new e({
		type: "string",
		format: "date",
		check: "string_format",
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function bi(e, t) {
	return new e({
		type: "string",
		format: "time",
		check: "string_format",
		precision: null,
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function xi(e, t) {
	return new e({
		type: "string",
		format: "duration",
		check: "string_format",
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function Si(e) {
	return new e({ type: "unknown" });
}
// @__NO_SIDE_EFFECTS__
function Ci(e, t) {
	return new e({
		type: "never",
		...v(t)
	});
}
// @__NO_SIDE_EFFECTS__
function wi(e, t) {
	return new qt({
		check: "max_length",
		...v(t),
		maximum: e
	});
}
// @__NO_SIDE_EFFECTS__
function B(e, t) {
	return new Jt({
		check: "min_length",
		...v(t),
		minimum: e
	});
}
// @__NO_SIDE_EFFECTS__
function Ti(e, t) {
	return new Yt({
		check: "length_equals",
		...v(t),
		length: e
	});
}
// @__NO_SIDE_EFFECTS__
function Ei(e, t) {
	return new Zt({
		check: "string_format",
		format: "regex",
		...v(t),
		pattern: e
	});
}
// @__NO_SIDE_EFFECTS__
function Di(e) {
	return new Qt({
		check: "string_format",
		format: "lowercase",
		...v(e)
	});
}
// @__NO_SIDE_EFFECTS__
function Oi(e) {
	return new $t({
		check: "string_format",
		format: "uppercase",
		...v(e)
	});
}
// @__NO_SIDE_EFFECTS__
function ki(e, t) {
	return new en({
		check: "string_format",
		format: "includes",
		...v(t),
		includes: e
	});
}
// @__NO_SIDE_EFFECTS__
function Ai(e, t) {
	return new tn({
		check: "string_format",
		format: "starts_with",
		...v(t),
		prefix: e
	});
}
// @__NO_SIDE_EFFECTS__
function ji(e, t) {
	return new nn({
		check: "string_format",
		format: "ends_with",
		...v(t),
		suffix: e
	});
}
// @__NO_SIDE_EFFECTS__
function V(e) {
	return new rn({
		check: "overwrite",
		tx: e
	});
}
// @__NO_SIDE_EFFECTS__
function Mi(e) {
	return /* @__PURE__ */ V((t) => t.normalize(e));
}
// @__NO_SIDE_EFFECTS__
function Ni() {
	return /* @__PURE__ */ V((e) => e.trim());
}
// @__NO_SIDE_EFFECTS__
function Pi() {
	return /* @__PURE__ */ V((e) => e.toLowerCase());
}
// @__NO_SIDE_EFFECTS__
function Fi() {
	return /* @__PURE__ */ V((e) => e.toUpperCase());
}
// @__NO_SIDE_EFFECTS__
function Ii() {
	return /* @__PURE__ */ V((e) => ee(e));
}
// @__NO_SIDE_EFFECTS__
function Li(e, t, n) {
	return new e({
		type: "array",
		element: t,
		...v(n)
	});
}
// @__NO_SIDE_EFFECTS__
function Ri(e, t, n) {
	return new e({
		type: "custom",
		check: "custom",
		fn: t,
		...v(n)
	});
}
// @__NO_SIDE_EFFECTS__
function zi(e, t) {
	let n = /* @__PURE__ */ Bi((t) => (t.addIssue = (e) => {
		if (typeof e == "string") t.issues.push(S(e, t.value, n._zod.def));
		else {
			let r = e;
			r.fatal && (r.continue = !1), r.code ??= "custom", "input" in r || (r.input = t.value), r.inst ??= n, r.continue ??= !n._zod.def.abort, t.issues.push(S(r));
		}
	}, e(t.value, t)), t);
	return n;
}
// @__NO_SIDE_EFFECTS__
function Bi(e, t) {
	let n = new j({
		check: "custom",
		...v(t)
	});
	return n._zod.check = e, n;
}
// ../node_modules/zod/v4/core/to-json-schema.js
function H(e, ...t) {
	for (let n of t) for (let t of Reflect.ownKeys(n)) Object.prototype.propertyIsEnumerable.call(n, t) && s(e, t, n[t]);
	return e;
}
function Vi(e) {
	let t = e?.target ?? "draft-2020-12";
	return t === "draft-4" && (t = "draft-04"), t === "draft-7" && (t = "draft-07"), {
		processors: e.processors ?? {},
		metadataRegistry: e?.metadata ?? z,
		target: t,
		unrepresentable: e?.unrepresentable ?? "throw",
		override: e?.override ?? (() => {}),
		io: e?.io ?? "output",
		counter: 0,
		seen: /* @__PURE__ */ new Map(),
		sharedDefsExtractedFor: void 0,
		sharedEmitDoneFor: void 0,
		cycles: e?.cycles ?? "ref",
		reused: e?.reused ?? "inline",
		intersections: [],
		deferred: [],
		external: e?.external ?? void 0
	};
}
function U(e, t, n, r, i) {
	let a = typeof t.unrepresentable == "function" ? t.unrepresentable({
		zodSchema: e,
		path: r.path,
		message: i
	}) : t.unrepresentable;
	if (a === "any") return !1;
	if (a === void 0 || a === "throw") throw Error(i);
	return Object.assign(n, a), !0;
}
function W(e, t, n = {
	path: [],
	schemaPath: []
}) {
	var r;
	let i = e._zod.def, a = t.seen.get(e);
	if (a) return a.count++, n.schemaPath.includes(e) && (a.cycle = n.path), a.schema;
	let o = {
		schema: {},
		count: 1,
		cycle: void 0,
		path: n.path
	};
	t.seen.set(e, o), t.sharedDefsExtractedFor = void 0, t.sharedEmitDoneFor = void 0;
	let s = e._zod.toJSONSchema?.();
	if (s) o.schema = s;
	else {
		let r = {
			...n,
			schemaPath: [...n.schemaPath, e],
			path: n.path
		};
		if (e._zod.processJSONSchema) e._zod.processJSONSchema(t, o.schema, r);
		else {
			let n = o.schema, a = t.processors[i.type];
			if (!a) throw Error(`[toJSONSchema]: Non-representable type encountered: ${i.type}`);
			a(e, t, n, r);
		}
		let a = e._zod.parent;
		a && (o.ref ||= a, W(a, t, r), t.seen.get(a).isParent = !0);
	}
	let c = t.metadataRegistry.get(e);
	return c && H(o.schema, c), t.io === "input" && G(e) && (delete o.schema.examples, delete o.schema.default), t.io === "input" && "_prefault" in o.schema && ((r = o.schema).default ?? (r.default = o.schema._prefault)), delete o.schema._prefault, t.seen.get(e).schema;
}
function Hi(e) {
	return e.replace(/~/g, "~0").replace(/\//g, "~1");
}
function Ui(e, t) {
	let n = e.seen.get(t);
	if (!n) throw Error("Unprocessed schema. This is a bug in Zod.");
	if (e.external && e.sharedDefsExtractedFor === e.external) return;
	let r = /* @__PURE__ */ new Map();
	for (let t of e.seen.entries()) {
		let n = e.metadataRegistry.get(t[0])?.id;
		if (n) {
			let e = r.get(n);
			if (e && e !== t[0]) throw Error(`Duplicate schema id "${n}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
			r.set(n, t[0]);
		}
	}
	let i = (t) => {
		let r = e.target === "draft-2020-12" ? "$defs" : "definitions";
		if (e.external) {
			let n = e.external.registry.get(t[0])?.id, i = e.external.uri ?? ((e) => e);
			if (n) return { ref: i(n) };
			let a = t[1].defId ?? t[1].schema.id ?? `schema${e.counter++}`;
			return t[1].defId = a, {
				defId: a,
				ref: `${i("__shared")}#/${r}/${Hi(a)}`
			};
		}
		let i = `#/${r}/`;
		if (t[1] === n && !t[1].schema.id) return { ref: "#" };
		let a = t[1].schema.id ?? `__schema${e.counter++}`;
		return {
			defId: a,
			ref: i + Hi(a)
		};
	}, a = (e) => {
		if (e[1].schema.$ref) return;
		let t = e[1], { ref: n, defId: r } = i(e);
		t.def = { ...t.schema }, r && (t.defId = r);
		let a = t.schema;
		for (let e in a) delete a[e];
		a.$ref = n;
	};
	if (e.cycles === "throw") for (let t of e.seen.entries()) {
		let e = t[1];
		if (e.cycle) throw Error(`Cycle detected: #/${e.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
	}
	for (let n of e.seen.entries()) {
		let r = n[1];
		if (t === n[0]) a(n);
		else {
			if (e.external) {
				let r = e.external.registry.get(n[0])?.id;
				if (t !== n[0] && r) {
					a(n);
					continue;
				}
			}
			(e.metadataRegistry.get(n[0])?.id || r.cycle || r.count > 1 && e.reused === "ref") && a(n);
		}
	}
	e.external && (e.sharedDefsExtractedFor = e.external);
}
function Wi(e) {
	let t = e.anyOf;
	if (!Array.isArray(t) || t.length === 0 || e.type !== void 0) return;
	let n = [];
	for (let e of t) {
		if (!e || typeof e != "object") return;
		Wi(e);
		let t = Object.keys(e);
		if (t.length !== 1 || t[0] !== "type") return;
		let r = e.type;
		for (let e of Array.isArray(r) ? r : [r]) {
			if (typeof e != "string") return;
			n.includes(e) || n.push(e);
		}
	}
	delete e.anyOf, e.type = n.length === 1 ? n[0] : n;
}
var Gi = /* @__PURE__ */ new Set([
	"type",
	"properties",
	"required",
	"additionalProperties"
]), Ki = ["oneOf", "anyOf"];
function qi(e) {
	let t = e.additionalProperties;
	return t === void 0 || t === !1 || typeof t != "object" || !t ? null : Object.keys(t).length ? t : null;
}
function Ji(e) {
	let t = [];
	for (let n of e) {
		if (typeof n != "object" || n.type !== "object") return null;
		for (let e in n) if (!Gi.has(e)) return null;
		t.push(n);
	}
	let n = {}, r = /* @__PURE__ */ new Set();
	for (let e of t) {
		for (let r in e.properties) {
			if (Object.prototype.hasOwnProperty.call(n, r)) continue;
			let e = [];
			for (let n of t) {
				let t = n.properties?.[r] ?? qi(n);
				t != null && (e.some((e) => JSON.stringify(e) === JSON.stringify(t)) || e.push(t));
			}
			s(n, r, e.length === 1 ? e[0] : Ji(e) ?? { allOf: e });
		}
		for (let t of e.required ?? []) r.add(t);
	}
	let i = {
		type: "object",
		properties: n
	};
	if (r.size && (i.required = [...r]), t.every((e) => e.additionalProperties === !1)) i.additionalProperties = !1;
	else {
		let e = [];
		for (let n of t) {
			let t = qi(n);
			t && !e.some((e) => JSON.stringify(e) === JSON.stringify(t)) && e.push(t);
		}
		e.length === 1 ? i.additionalProperties = e[0] : e.length > 1 && (i.additionalProperties = { allOf: e });
	}
	return i;
}
function Yi(e) {
	let t = e.allOf;
	if (!Array.isArray(t) || t.length < 2) return;
	for (let t of Gi) if (t in e) return;
	let n = t.filter((e) => Ki.some((t) => Array.isArray(e[t]))), r = null;
	if (!n.length) r = Ji(t);
	else {
		let e = n[0], i = Ki.find((t) => Array.isArray(e[t]));
		if (Object.keys(e).length !== 1) return;
		let a = t.filter((t) => t !== e), o = e[i].map((e) => Ji([...a, e]));
		if (o.some((e) => !e)) return;
		r = { [i]: o };
	}
	r && (delete e.allOf, H(e, r));
}
function Xi(e, t) {
	let n = e.seen.get(t);
	if (!n) throw Error("Unprocessed schema. This is a bug in Zod.");
	let r = (t) => {
		let n = e.seen.get(t);
		if (n.ref === null) return;
		let i = n.def ?? n.schema, a = { ...i }, o = n.ref;
		if (n.ref = null, o) {
			r(o);
			let n = e.seen.get(o), s = n.schema;
			if (s.$ref && (e.target === "draft-07" || e.target === "draft-04" || e.target === "openapi-3.0") ? (i.allOf = i.allOf ?? [], i.allOf.push(s)) : H(i, s), H(i, a), t._zod.parent === o) for (let e in i) e !== "$ref" && e !== "allOf" && (e in a || delete i[e]);
			if (s.$ref && n.def) for (let e in i) e !== "$ref" && e !== "allOf" && e in n.def && JSON.stringify(i[e]) === JSON.stringify(n.def[e]) && delete i[e];
		}
		let s = t._zod.parent;
		if (s && s !== o) {
			r(s);
			let t = e.seen.get(s);
			if (t?.schema.$ref && (i.$ref = t.schema.$ref, t.def)) for (let e in i) e !== "$ref" && e !== "allOf" && e in t.def && JSON.stringify(i[e]) === JSON.stringify(t.def[e]) && delete i[e];
		}
		e.override({
			zodSchema: t,
			jsonSchema: i,
			path: n.path ?? []
		});
	};
	if (!e.external || e.sharedEmitDoneFor !== e.external) {
		for (let t of [...e.seen.entries()].reverse()) r(t[0]);
		if (e.target !== "openapi-3.0") for (let t of e.seen.entries()) Wi(t[1].def ?? t[1].schema);
		for (let t of e.deferred) t();
		if (e.intersections.length) {
			let t = /* @__PURE__ */ new Map();
			for (let n of e.seen.values()) for (let e of [n.schema, n.def]) {
				let n = e?.allOf;
				if (!Array.isArray(n)) continue;
				let r = t.get(n);
				r ? r.push(e) : t.set(n, [e]);
			}
			for (let n of e.intersections) for (let e of t.get(n) ?? []) Yi(e);
		}
	}
	let i = {};
	if (e.target === "draft-2020-12" ? i.$schema = "https://json-schema.org/draft/2020-12/schema" : e.target === "draft-07" ? i.$schema = "http://json-schema.org/draft-07/schema#" : e.target === "draft-04" ? i.$schema = "http://json-schema.org/draft-04/schema#" : e.target, e.external?.uri) {
		let n = e.external.registry.get(t)?.id;
		if (!n) throw Error("Schema is missing an `id` property");
		i.$id = e.external.uri(n);
	}
	H(i, n.defId ? n.schema : n.def ?? n.schema);
	let a = e.metadataRegistry.get(t)?.id;
	a !== void 0 && i.id === a && delete i.id;
	let o = e.external?.defs ?? {};
	if (!e.external || e.sharedEmitDoneFor !== e.external) for (let t of e.seen.entries()) {
		let e = t[1];
		e.def && e.defId && (e.def.id === e.defId && delete e.def.id, s(o, e.defId, e.def));
	}
	e.external && (e.sharedEmitDoneFor = e.external), e.external || Object.keys(o).length > 0 && (e.target === "draft-2020-12" ? i.$defs = o : i.definitions = o);
	try {
		let n = JSON.parse(JSON.stringify(i));
		return Object.defineProperty(n, "~standard", {
			value: {
				...t["~standard"],
				jsonSchema: {
					input: Qi(t, "input", e.processors),
					output: Qi(t, "output", e.processors)
				}
			},
			enumerable: !1,
			writable: !1
		}), n;
	} catch {
		throw Error("Error converting schema to JSON.");
	}
}
function G(e, t) {
	let n = t ?? { seen: /* @__PURE__ */ new Set() };
	if (n.seen.has(e)) return !1;
	n.seen.add(e);
	let r = e._zod.def;
	if (r.type === "transform") return !0;
	if (r.type === "array") return G(r.element, n);
	if (r.type === "set") return G(r.valueType, n);
	if (r.type === "lazy") return G(r.getter(), n);
	if (r.type === "promise" || r.type === "optional" || r.type === "nonoptional" || r.type === "nullable" || r.type === "readonly" || r.type === "default" || r.type === "prefault" || r.type === "catch") return G(r.innerType, n);
	if (r.type === "intersection") return G(r.left, n) || G(r.right, n);
	if (r.type === "record" || r.type === "map") return G(r.keyType, n) || G(r.valueType, n);
	if (r.type === "pipe") return e._zod.traits.has("$ZodCodec") ? !0 : G(r.in, n) || G(r.out, n);
	if (r.type === "object") {
		for (let e in r.shape) if (G(r.shape[e], n)) return !0;
		return !1;
	}
	if (r.type === "union") {
		for (let e of r.options) if (G(e, n)) return !0;
		return !1;
	}
	if (r.type === "tuple") {
		for (let e of r.items) if (G(e, n)) return !0;
		return !!(r.rest && G(r.rest, n));
	}
	return !1;
}
var Zi = (e, t = {}) => (n) => {
	let r = Vi({
		...n,
		processors: t
	});
	return W(e, r), Ui(r, e), Xi(r, e);
}, Qi = (e, t, n = {}) => (r) => {
	let { libraryOptions: i, target: a } = r ?? {}, o = Vi({
		...i ?? {},
		target: a,
		io: t,
		processors: n
	});
	return W(e, o), Ui(o, e), Xi(o, e);
}, K = (e, t, n) => {
	(e[t] === void 0 || n > e[t]) && (e[t] = n);
}, q = (e, t, n) => {
	(e[t] === void 0 || n < e[t]) && (e[t] = n);
}, $i = (e, t) => {
	K(e, "minimum", t), q(e, "maximum", t);
}, ea = (e, t) => {
	e.multipleOf ??= [], e.multipleOf.includes(t) || e.multipleOf.push(t);
}, ta = (e, t) => {
	e.patterns ??= /* @__PURE__ */ new Set(), e.patterns.add(t);
}, na = (e, t) => {
	e.mime = e.mime ? e.mime.filter((e) => t.includes(e)) : [...t];
}, ra = (e, t) => {
	e.format = t, t.includes("int") && (e.isInt = !0);
}, ia = (e, t) => K(e, "minimum", t.minimum), aa = (e, t) => q(e, "maximum", t.maximum), oa = (e) => (t, n) => {
	ra(t, n.format);
	let [r, i] = e[n.format];
	K(t, "minimum", r), q(t, "maximum", i);
}, sa = {
	greater_than: (e, t) => K(e, t.inclusive ? "minimum" : "exclusiveMinimum", t.value),
	less_than: (e, t) => q(e, t.inclusive ? "maximum" : "exclusiveMaximum", t.value),
	multiple_of: (e, t) => ea(e, t.value),
	number_format: oa(le),
	bigint_format: oa(ue),
	min_length: ia,
	max_length: aa,
	length_equals: (e, t) => $i(e, t.length),
	min_size: ia,
	max_size: aa,
	size_equals: (e, t) => $i(e, t.size),
	string_format: (e, t) => {
		ra(e, t.format), t.pattern && ta(e, t.pattern), (t.format === "base64" || t.format === "base64url") && (e.contentEncoding = t.format), (t.local || t.precision === -1) && (e.laxFormat = !0);
	},
	mime_type: (e, t) => na(e, t.mime)
};
function J(e) {
	let t = {}, n = e._zod.def, r = e._zod.traits.has("$ZodCheck") ? [e, ...n.checks ?? []] : n.checks ?? [];
	for (let e of r) sa[e._zod.def.check]?.(t, e._zod.def);
	let i = e._zod.bag;
	i.minimum !== void 0 && K(t, "minimum", i.minimum), i.exclusiveMinimum !== void 0 && K(t, "exclusiveMinimum", i.exclusiveMinimum), i.maximum !== void 0 && q(t, "maximum", i.maximum), i.exclusiveMaximum !== void 0 && q(t, "exclusiveMaximum", i.exclusiveMaximum), i.multipleOf !== void 0 && ea(t, i.multipleOf), i.format !== void 0 && (t.format ??= i.format, i.format.includes("int") && (t.isInt = !0)), i.mime && na(t, i.mime);
	for (let e of i.patterns ?? []) ta(t, e);
	return t;
}
var ca = {
	guid: "uuid",
	url: "uri",
	datetime: "date-time",
	json_string: "json-string",
	regex: ""
}, la = /* @__PURE__ */ new Map([[Vn, Nt], [Un, Pt]]), ua = (e) => la.get(e) ?? e, da = (e, t, n, r) => {
	let i = n;
	i.type = "string";
	let { minimum: a, maximum: o, format: s, patterns: c, contentEncoding: l, laxFormat: u } = J(e);
	if (typeof a == "number" && (i.minLength = a), typeof o == "number" && (i.maxLength = o), s && (i.format = ca[s] ?? s, i.format === "" && delete i.format, (s === "time" || u) && delete i.format), l && (i.contentEncoding = l), c && c.size > 0) {
		let e = [...c].map(ua);
		e.length === 1 ? i.pattern = e[0].source : e.length > 1 && (i.allOf = [...e.map((e) => ({
			...t.target === "draft-07" || t.target === "draft-04" || t.target === "openapi-3.0" ? { type: "string" } : {},
			pattern: e.source
		}))]);
	}
}, fa = (e, t, n, r) => {
	n.not = {};
}, pa = (t, n, r, i) => {
	let a = t._zod.def, o = e(a.entries);
	o.length === 0 ? r.not = {} : (o.every((e) => typeof e == "number") && (r.type = "number"), o.every((e) => typeof e == "string") && (r.type = "string"), r.enum = o);
}, ma = (e, t, n, r) => {
	U(e, t, n, r, "Custom types cannot be represented in JSON Schema");
}, ha = (e, t, n, r) => {
	U(e, t, n, r, "Transforms cannot be represented in JSON Schema");
}, ga = (e, t, n, r) => {
	let i = n, a = e._zod.def, { minimum: o, maximum: s } = J(e);
	typeof o == "number" && (i.minItems = o), typeof s == "number" && (i.maxItems = s), i.type = "array", i.items = W(a.element, t, {
		...r,
		path: [...r.path, "items"]
	});
};
function _a(e) {
	let t = e._zod.def;
	return t.type === "pipe" && t.in._zod.traits.has("$ZodTransform") ? _a(t.out) : t.type === "catch" ? _a(t.innerType) : e._zod.optin;
}
var va = (e, t, n, r) => {
	let i = n, a = e._zod.def, o = a.shape;
	if (Object.getOwnPropertySymbols(o).length && U(e, t, i, r, "Symbol keys cannot be represented in JSON Schema")) return;
	i.type = "object", i.properties = {};
	for (let e in o) s(i.properties, e, W(o[e], t, {
		...r,
		path: [
			...r.path,
			"properties",
			e
		]
	}));
	let c = [];
	for (let e of Object.keys(o)) {
		let n = a.shape[e];
		(t.io === "input" ? _a(n) === void 0 : n._zod.optout === void 0) && c.push(e);
	}
	c.length > 0 && (i.required = c), a.catchall?._zod.def.type === "never" ? i.additionalProperties = !1 : a.catchall ? a.catchall && (i.additionalProperties = W(a.catchall, t, {
		...r,
		path: [...r.path, "additionalProperties"]
	})) : t.io === "output" && (i.additionalProperties = !1);
}, ya = (e, t, n, r) => {
	let i = e._zod.def, a = i.inclusive === !1, o = i.options.map((e, n) => W(e, t, {
		...r,
		path: [
			...r.path,
			a ? "oneOf" : "anyOf",
			n
		]
	}));
	a ? n.oneOf = o : n.anyOf = o;
}, ba = (e, t, n, r) => {
	let i = e._zod.def, a = W(i.left, t, {
		...r,
		path: [
			...r.path,
			"allOf",
			0
		]
	}), o = W(i.right, t, {
		...r,
		path: [
			...r.path,
			"allOf",
			1
		]
	}), s = (e) => "allOf" in e && Object.keys(e).length === 1, c = [...s(a) ? a.allOf : [a], ...s(o) ? o.allOf : [o]];
	n.allOf = c, t.intersections.push(c);
}, xa = (e, t, n, r) => {
	let i = e._zod.def, a = W(i.innerType, t, r), o = t.seen.get(e);
	t.target === "openapi-3.0" ? (o.ref = i.innerType, n.nullable = !0) : n.anyOf = [a, { type: "null" }];
}, Sa = (e, t, n, r) => {
	let i = e._zod.def;
	W(i.innerType, t, r);
	let a = t.seen.get(e);
	a.ref = i.innerType;
}, Ca = Symbol();
function wa(e, t, n, r, i) {
	let a = !1, o = JSON.stringify(e, (e, t) => typeof t == "bigint" ? (a = !0, null) : t);
	return a ? (U(t, n, r, i, "BigInt defaults cannot be represented in JSON Schema"), Ca) : JSON.parse(o);
}
var Ta = (e, t, n, r) => {
	let i = e._zod.def;
	W(i.innerType, t, r);
	let a = t.seen.get(e);
	a.ref = i.innerType;
	let o = wa(i.defaultValue, e, t, n, r);
	o !== Ca && (n.default = o);
}, Ea = (e, t, n, r) => {
	let i = e._zod.def;
	W(i.innerType, t, r);
	let a = t.seen.get(e);
	if (a.ref = i.innerType, t.io !== "input") return;
	let o = wa(i.defaultValue, e, t, n, r);
	o !== Ca && (n._prefault = o);
}, Da = (e, t, n, r) => {
	let i = e._zod.def;
	W(i.innerType, t, r);
	let a = t.seen.get(e);
	a.ref = i.innerType;
	let o;
	try {
		o = i.catchValue(void 0);
	} catch {
		U(e, t, n, r, "Dynamic catch values are not supported in JSON Schema");
		return;
	}
	n.default = o;
}, Oa = (e, t, n, r) => {
	let i = e._zod.def, a = i.in._zod.traits.has("$ZodTransform"), o = t.io === "input" ? a ? i.out : i.in : i.out;
	W(o, t, r);
	let s = t.seen.get(e);
	s.ref = o;
}, ka = (e, t, n, r) => {
	let i = e._zod.def;
	W(i.innerType, t, r);
	let a = t.seen.get(e);
	a.ref = i.innerType, n.readOnly = !0;
}, Aa = (e, t, n, r) => {
	let i = e._zod.def;
	W(i.innerType, t, r);
	let a = t.seen.get(e);
	a.ref = i.innerType;
}, ja = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
function Ma(e, t, n) {
	Object.defineProperty(e, t, {
		configurable: !0,
		enumerable: !1,
		get() {
			let e = n(this);
			return Object.defineProperty(this, t, {
				value: e,
				configurable: !0,
				writable: !0
			}), e;
		},
		set(e) {
			Object.defineProperty(this, t, {
				value: e,
				configurable: !0,
				writable: !0
			});
		}
	});
}
var Y = /*@__PURE__*/ E("ZodError", (e, t) => {
	Je.init(e, t), e.name = "ZodError";
	let r = Object.getPrototypeOf(e);
	ja.has(r) || (ja.add(r), Ma(r, "format", (e) => (t) => Ze(e, t)), Ma(r, "flatten", (e) => (t) => Xe(e, t)), Ma(r, "addIssue", (e) => (t) => {
		e.issues.push(t), e.message = JSON.stringify(e.issues, n, 2);
	}), Ma(r, "addIssues", (e) => (t) => {
		e.issues.push(...t), e.message = JSON.stringify(e.issues, n, 2);
	}), Object.defineProperty(r, "isEmpty", {
		configurable: !0,
		enumerable: !1,
		get() {
			return this.issues.length === 0;
		}
	}));
}, void 0, { Parent: Error }), Na = /* @__PURE__ */ Qe(Y), Pa = /* @__PURE__ */ $e(Y), Fa = /* @__PURE__ */ et(Y), Ia = /* @__PURE__ */ nt(Y), La = /* @__PURE__ */ ct(Y), Ra = /* @__PURE__ */ lt(Y), za = /* @__PURE__ */ ut(Y), Ba = /* @__PURE__ */ dt(Y), Va = /* @__PURE__ */ ft(Y), Ha = /* @__PURE__ */ pt(Y), Ua = /* @__PURE__ */ mt(Y), Wa = /* @__PURE__ */ ht(Y);
// ../node_modules/zod/v4/classic/schemas.js
function Ga() {
	O.localeError || k(Wr());
}
function Ka() {
	O.memoizer || k({ memoizer: Vr() });
}
var X = /*@__PURE__*/ E("ZodType", (e, t) => (Ga(), M.init(e, t), e.def = t, e.type = t.type, e), {
	check(...e) {
		let t = this.def;
		return this.clone(m(t, { checks: [...t.checks ?? [], ...e.map((e) => typeof e == "function" ? { _zod: {
			check: e,
			def: { check: "custom" },
			onattach: []
		} } : e)] }), { parent: !0 });
	},
	with(...e) {
		return this.check(...e);
	},
	clone(e, t) {
		return _(this, e, t);
	},
	brand() {
		return this;
	},
	register(e, t) {
		return e.add(this, t), this;
	},
	refine(e, t) {
		return this.check(es(e, t));
	},
	superRefine(e, t) {
		return this.check(ts(e, t));
	},
	overwrite(e) {
		return this.check(/* @__PURE__ */ V(e));
	},
	optional() {
		return Io(this);
	},
	exactOptional() {
		return Ro(this);
	},
	nullable() {
		return Bo(this);
	},
	nullish() {
		return Io(Bo(this));
	},
	nonoptional(e) {
		return Ko(this, e);
	},
	array() {
		return wo(this);
	},
	or(e) {
		return Oo([this, e]);
	},
	and(e) {
		return Ao(this, e);
	},
	transform(e) {
		return Xo(this, Po(e));
	},
	default(e) {
		return Ho(this, e);
	},
	prefault(e) {
		return Wo(this, e);
	},
	catch(e) {
		return Jo(this, e);
	},
	pipe(e) {
		return Xo(this, e);
	},
	readonly() {
		return Qo(this);
	},
	describe(e) {
		let t = this.clone();
		return z.add(t, { description: e }), t;
	},
	meta(...e) {
		if (e.length === 0) return z.get(this);
		let t = this.clone();
		return z.add(t, e[0]), t;
	},
	isOptional() {
		return this.safeParse(void 0).success;
	},
	isNullable() {
		return this.safeParse(null).success;
	},
	apply(e, ...t) {
		return t.length === 0 ? e(this) : e(this, ...t);
	},
	get "~standard"() {
		return ke(this, "~standard", {
			...ln(this),
			jsonSchema: {
				input: Qi(this, "input"),
				output: Qi(this, "output")
			}
		});
	},
	set "~standard"(e) {
		C(this, "~standard", e);
	},
	parse: function e(t, n) {
		return Na(this, t, n, { callee: e });
	},
	parseAsync: async function e(t, n) {
		return await Pa(this, t, n, { callee: e });
	},
	safeParse(e, t) {
		return Fa(this, e, t);
	},
	async safeParseAsync(e, t) {
		return Ia(this, e, t);
	},
	get spa() {
		return this?.safeParseAsync;
	},
	set spa(e) {
		C(this, "spa", e);
	},
	validate(e, t) {
		return at(this, e, t);
	},
	validateAsync(e, t) {
		return st(this, e, t);
	},
	encode: function e(t, n) {
		return La(this, t, n, { callee: e });
	},
	decode: function e(t, n) {
		return Ra(this, t, n, { callee: e });
	},
	encodeAsync: async function e(t, n) {
		return await za(this, t, n, { callee: e });
	},
	decodeAsync: async function e(t, n) {
		return await Ba(this, t, n, { callee: e });
	},
	safeEncode(e, t) {
		return Va(this, e, t);
	},
	safeDecode(e, t) {
		return Ha(this, e, t);
	},
	async safeEncodeAsync(e, t) {
		return Ua(this, e, t);
	},
	async safeDecodeAsync(e, t) {
		return Wa(this, e, t);
	},
	toJSONSchema(e) {
		return Zi(this, {})(e);
	},
	get description() {
		return z.get(this)?.description;
	},
	get _def() {
		return this._zod.def;
	}
}), qa = /*@__PURE__*/ E("_ZodString", (e, t) => {
	un.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => da(e, t, n, r);
}, /*@__PURE__*/ Ae({
	format: (e) => J(e).format ?? null,
	minLength: (e) => J(e).minimum ?? null,
	maxLength: (e) => J(e).maximum ?? null
}, {
	regex(...e) {
		return this.check(/* @__PURE__ */ Ei(...e));
	},
	includes(...e) {
		return this.check(/* @__PURE__ */ ki(...e));
	},
	startsWith(...e) {
		return this.check(/* @__PURE__ */ Ai(...e));
	},
	endsWith(...e) {
		return this.check(/* @__PURE__ */ ji(...e));
	},
	min(...e) {
		return this.check(/* @__PURE__ */ B(...e));
	},
	max(...e) {
		return this.check(/* @__PURE__ */ wi(...e));
	},
	length(...e) {
		return this.check(/* @__PURE__ */ Ti(...e));
	},
	nonempty(...e) {
		return this.check(/* @__PURE__ */ B(1, ...e));
	},
	lowercase(e) {
		return this.check(/* @__PURE__ */ Di(e));
	},
	uppercase(e) {
		return this.check(/* @__PURE__ */ Oi(e));
	},
	trim() {
		return this.check(/* @__PURE__ */ Ni());
	},
	normalize(...e) {
		return this.check(/* @__PURE__ */ Mi(...e));
	},
	toLowerCase() {
		return this.check(/* @__PURE__ */ Pi());
	},
	toUpperCase() {
		return this.check(/* @__PURE__ */ Fi());
	},
	slugify() {
		return this.check(/* @__PURE__ */ Ii());
	}
})), Ja = /*@__PURE__*/ E("ZodString", (e, t) => {
	un.init(e, t), qa.init(e, t);
}, {
	email(e) {
		return this.check(/* @__PURE__ */ Xr($a, e));
	},
	url(e) {
		return this.check(/* @__PURE__ */ ni(no, e));
	},
	jwt(e) {
		return this.check(/* @__PURE__ */ _i(vo, e));
	},
	emoji(e) {
		return this.check(/* @__PURE__ */ ri(ro, e));
	},
	guid(e) {
		return this.check(/* @__PURE__ */ Zr(eo, e));
	},
	uuid(e) {
		return this.check(/* @__PURE__ */ Qr(to, e));
	},
	uuidv4(e) {
		return this.check(/* @__PURE__ */ $r(to, e));
	},
	uuidv6(e) {
		return this.check(/* @__PURE__ */ ei(to, e));
	},
	uuidv7(e) {
		return this.check(/* @__PURE__ */ ti(to, e));
	},
	nanoid(e) {
		return this.check(/* @__PURE__ */ ii(io, e));
	},
	cuid(e) {
		return this.check(/* @__PURE__ */ ai(ao, e));
	},
	cuid2(e) {
		return this.check(/* @__PURE__ */ oi(oo, e));
	},
	ulid(e) {
		return this.check(/* @__PURE__ */ si(so, e));
	},
	base64(e) {
		return this.check(/* @__PURE__ */ mi(ho, e));
	},
	base64url(e) {
		return this.check(/* @__PURE__ */ hi(go, e));
	},
	xid(e) {
		return this.check(/* @__PURE__ */ ci(co, e));
	},
	ksuid(e) {
		return this.check(/* @__PURE__ */ li(lo, e));
	},
	ipv4(e) {
		return this.check(/* @__PURE__ */ ui(uo, e));
	},
	ipv6(e) {
		return this.check(/* @__PURE__ */ di(fo, e));
	},
	cidrv4(e) {
		return this.check(/* @__PURE__ */ fi(po, e));
	},
	cidrv6(e) {
		return this.check(/* @__PURE__ */ pi(mo, e));
	},
	e164(e) {
		return this.check(/* @__PURE__ */ gi(_o, e));
	},
	datetime(e) {
		return this.check(/* @__PURE__ */ vi(Ya, e));
	},
	date(e) {
		return this.check(/* @__PURE__ */ yi(Xa, e));
	},
	time(e) {
		return this.check(/* @__PURE__ */ bi(Za, e));
	},
	duration(e) {
		return this.check(/* @__PURE__ */ xi(Qa, e));
	}
});
function Z(e) {
	return /* @__PURE__ */ Yr(Ja, e);
}
var Q = /*@__PURE__*/ E("ZodStringFormat", (e, t) => {
	N.init(e, t), qa.init(e, t);
}), Ya = /*@__PURE__*/ E("ZodISODateTime", (e, t) => {
	kn.init(e, t), Q.init(e, t);
}), Xa = /*@__PURE__*/ E("ZodISODate", (e, t) => {
	An.init(e, t), Q.init(e, t);
}), Za = /*@__PURE__*/ E("ZodISOTime", (e, t) => {
	jn.init(e, t), Q.init(e, t);
}), Qa = /*@__PURE__*/ E("ZodISODuration", (e, t) => {
	Mn.init(e, t), Q.init(e, t);
}), $a = /*@__PURE__*/ E("ZodEmail", (e, t) => {
	pn.init(e, t), Q.init(e, t);
}), eo = /*@__PURE__*/ E("ZodGUID", (e, t) => {
	dn.init(e, t), Q.init(e, t);
}), to = /*@__PURE__*/ E("ZodUUID", (e, t) => {
	fn.init(e, t), Q.init(e, t);
}), no = /*@__PURE__*/ E("ZodURL", (e, t) => {
	xn.init(e, t), Q.init(e, t);
}), ro = /*@__PURE__*/ E("ZodEmoji", (e, t) => {
	Sn.init(e, t), Q.init(e, t);
}), io = /*@__PURE__*/ E("ZodNanoID", (e, t) => {
	Cn.init(e, t), Q.init(e, t);
}), ao = /*@__PURE__*/ E("ZodCUID", (e, t) => {
	wn.init(e, t), Q.init(e, t);
}), oo = /*@__PURE__*/ E("ZodCUID2", (e, t) => {
	Tn.init(e, t), Q.init(e, t);
}), so = /*@__PURE__*/ E("ZodULID", (e, t) => {
	En.init(e, t), Q.init(e, t);
}), co = /*@__PURE__*/ E("ZodXID", (e, t) => {
	Dn.init(e, t), Q.init(e, t);
}), lo = /*@__PURE__*/ E("ZodKSUID", (e, t) => {
	On.init(e, t), Q.init(e, t);
}), uo = /*@__PURE__*/ E("ZodIPv4", (e, t) => {
	Nn.init(e, t), Q.init(e, t);
}), fo = /*@__PURE__*/ E("ZodIPv6", (e, t) => {
	In.init(e, t), Q.init(e, t);
}), po = /*@__PURE__*/ E("ZodCIDRv4", (e, t) => {
	Ln.init(e, t), Q.init(e, t);
}), mo = /*@__PURE__*/ E("ZodCIDRv6", (e, t) => {
	zn.init(e, t), Q.init(e, t);
}), ho = /*@__PURE__*/ E("ZodBase64", (e, t) => {
	Hn.init(e, t), Q.init(e, t);
}), go = /*@__PURE__*/ E("ZodBase64URL", (e, t) => {
	Gn.init(e, t), Q.init(e, t);
}), _o = /*@__PURE__*/ E("ZodE164", (e, t) => {
	Kn.init(e, t), Q.init(e, t);
}), vo = /*@__PURE__*/ E("ZodJWT", (e, t) => {
	Jn.init(e, t), Q.init(e, t);
}), yo = /*@__PURE__*/ E("ZodUnknown", (e, t) => {
	Yn.init(e, t), X.init(e, t), e._zod.processJSONSchema = (e, t, n) => void 0;
});
function bo() {
	return /* @__PURE__ */ Si(yo);
}
var xo = /*@__PURE__*/ E("ZodNever", (e, t) => {
	Xn.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => fa(e, t, n, r);
});
function So(e) {
	return /* @__PURE__ */ Ci(xo, e);
}
var Co = /*@__PURE__*/ E("ZodArray", (e, t) => {
	Ka(), er.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => ga(e, t, n, r), e.element = t.element;
}, {
	min(e, t) {
		return this.check(/* @__PURE__ */ B(e, t));
	},
	nonempty(e) {
		return this.check(/* @__PURE__ */ B(1, e));
	},
	max(e, t) {
		return this.check(/* @__PURE__ */ wi(e, t));
	},
	length(e, t) {
		return this.check(/* @__PURE__ */ Ti(e, t));
	},
	unwrap() {
		return this.element;
	}
});
function wo(e, t) {
	return /* @__PURE__ */ Li(Co, e, t);
}
var To = /*@__PURE__*/ E("ZodObject", (e, t) => {
	Ka(), or.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => va(e, t, n, r), Fe(e, "shape", (e) => e._zod.def.shape, !1);
}, {
	keyof() {
		return Mo(Object.keys(this._zod.def.shape));
	},
	catchall(e) {
		return this.clone(m(this._zod.def, { catchall: e }));
	},
	passthrough() {
		return this.clone(m(this._zod.def, { catchall: bo() }));
	},
	loose() {
		return this.clone(m(this._zod.def, { catchall: bo() }));
	},
	strict() {
		return this.clone(m(this._zod.def, { catchall: So() }));
	},
	strip() {
		return this.clone(m(this._zod.def, { catchall: void 0 }));
	},
	extend(e) {
		return me(this, e);
	},
	safeExtend(e) {
		return ge(this, e);
	},
	merge(e) {
		return _e(this, e);
	},
	pick(e) {
		return de(this, e);
	},
	omit(e) {
		return pe(this, e);
	},
	partial(...e) {
		return ve(Fo, this, e[0]);
	},
	exactPartial(...e) {
		return ve(Lo, this, e[0], "exactPartial");
	},
	required(...e) {
		return ye(Go, this, e[0]);
	}
});
function Eo(e, t) {
	return new To({
		type: "object",
		shape: e ?? {},
		...v(t)
	});
}
var Do = /*@__PURE__*/ E("ZodUnion", (e, t) => {
	cr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => ya(e, t, n, r), e.options = t.options;
});
function Oo(e, t) {
	return new Do({
		type: "union",
		options: e,
		...v(t)
	});
}
var ko = /*@__PURE__*/ E("ZodIntersection", (e, t) => {
	lr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => ba(e, t, n, r);
});
function Ao(e, t) {
	return new ko({
		type: "intersection",
		left: e,
		right: t
	});
}
var jo = /*@__PURE__*/ E("ZodEnum", (e, t) => {
	fr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => pa(e, t, n, r), e.enum = t.entries, e.options = [...e._zod.values];
	let n = new Set(Object.keys(t.entries));
	e.extract = (e, r) => {
		let i = {};
		for (let r of e) if (n.has(r)) i[r] = t.entries[r];
		else throw Error(`Key ${r} not found in enum`);
		return new jo({
			...t,
			checks: [],
			...v(r),
			entries: i
		});
	}, e.exclude = (e, r) => {
		let i = { ...t.entries };
		for (let t of e) if (n.has(t)) delete i[t];
		else throw Error(`Key ${t} not found in enum`);
		return new jo({
			...t,
			checks: [],
			...v(r),
			entries: i
		});
	};
});
function Mo(e, t) {
	return new jo({
		type: "enum",
		entries: Array.isArray(e) ? Object.fromEntries(e.map((e) => [e, e])) : e,
		...v(t)
	});
}
var No = /*@__PURE__*/ E("ZodTransform", (e, t) => {
	Ka(), pr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => ha(e, t, n, r), e._zod.parse = (n, r) => {
		if (r.direction === "backward") throw new He(e.constructor.name);
		n.addIssue = (r) => {
			if (typeof r == "string") n.issues.push(S(r, n.value, t));
			else {
				let t = r;
				t.fatal && (t.continue = !1), t.code ??= "custom", "input" in t || (t.input = n.value), t.inst ??= e, n.issues.push(S(t));
			}
		};
		let i = t.transform(n.value, n);
		return i instanceof Promise ? i.then((e) => (n.value = e, n)) : (n.value = i, n);
	};
});
function Po(e) {
	return new No({
		type: "transform",
		transform: e
	});
}
var Fo = /*@__PURE__*/ E("ZodOptional", (e, t) => {
	hr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => Aa(e, t, n, r), e.unwrap = () => e._zod.def.innerType;
});
function Io(e) {
	return new Fo({
		type: "optional",
		innerType: e
	});
}
var Lo = /*@__PURE__*/ E("ZodExactOptional", (e, t) => {
	gr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => Aa(e, t, n, r), e.unwrap = () => e._zod.def.innerType;
});
function Ro(e) {
	return new Lo({
		type: "optional",
		innerType: e
	});
}
var zo = /*@__PURE__*/ E("ZodNullable", (e, t) => {
	_r.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => xa(e, t, n, r), e.unwrap = () => e._zod.def.innerType;
});
function Bo(e) {
	return new zo({
		type: "nullable",
		innerType: e
	});
}
var Vo = /*@__PURE__*/ E("ZodDefault", (e, t) => {
	vr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => Ta(e, t, n, r), e.unwrap = () => e._zod.def.innerType, e.removeDefault = e.unwrap;
});
function Ho(e, t) {
	return new Vo({
		type: "default",
		innerType: e,
		get defaultValue() {
			return typeof t == "function" ? t() : ie(t);
		}
	});
}
var Uo = /*@__PURE__*/ E("ZodPrefault", (e, t) => {
	br.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => Ea(e, t, n, r), e.unwrap = () => e._zod.def.innerType;
});
function Wo(e, t) {
	return new Uo({
		type: "prefault",
		innerType: e,
		get defaultValue() {
			return typeof t == "function" ? t() : ie(t);
		}
	});
}
var Go = /*@__PURE__*/ E("ZodNonOptional", (e, t) => {
	xr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => Sa(e, t, n, r), e.unwrap = () => e._zod.def.innerType;
});
function Ko(e, t) {
	return new Go({
		type: "nonoptional",
		innerType: e,
		...v(t)
	});
}
var qo = /*@__PURE__*/ E("ZodCatch", (e, t) => {
	wr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => Da(e, t, n, r), e.unwrap = () => e._zod.def.innerType, e.removeCatch = e.unwrap;
});
function Jo(e, t) {
	return new qo({
		type: "catch",
		innerType: e,
		catchValue: typeof t == "function" ? t : Le(t)
	});
}
var Yo = /*@__PURE__*/ E("ZodPipe", (e, t) => {
	Tr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => Oa(e, t, n, r), e.in = t.in, e.out = t.out;
});
function Xo(e, t) {
	return new Yo({
		type: "pipe",
		in: e,
		out: t
	});
}
var Zo = /*@__PURE__*/ E("ZodReadonly", (e, t) => {
	Dr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => ka(e, t, n, r), e.unwrap = () => e._zod.def.innerType;
});
function Qo(e) {
	return new Zo({
		type: "readonly",
		innerType: e
	});
}
var $o = /*@__PURE__*/ E("ZodCustom", (e, t) => {
	kr.init(e, t), X.init(e, t), e._zod.processJSONSchema = (t, n, r) => ma(e, t, n, r);
});
function es(e, t = {}) {
	return /* @__PURE__ */ Ri($o, e, t);
}
function ts(e, t) {
	return /* @__PURE__ */ zi(e, t);
}
// ../src/lib/validators/issues.ts
var $ = (e, t) => t ? `v:${e}|${JSON.stringify(t)}` : `v:${e}`, ns = (e = 255) => Z({ error: $("required") }).trim().min(1, $("required")).max(e, $("tooLong")), rs = () => Z({ error: $("required") }).trim().min(1, $("required")).min(2, $("length", {
	min: 2,
	max: 20
})).max(20, $("length", {
	min: 2,
	max: 20
})), is = Eo({
	username: ns(20),
	password: Z({ error: $("required") }).min(1, $("required")).max(128, $("tooLong")),
	code: Z().trim().max(16).optional(),
	uuid: Z().trim().max(64).optional()
});
// z.js
Eo({
	username: rs(),
	password: Z({ error: $("required") }).min(1, $("required")).min(6, $("length", {
		min: 6,
		max: 20
	})).max(20, $("length", {
		min: 6,
		max: 20
	})),
	confirmPassword: Z({ error: $("required") }).min(1, $("required")),
	code: Z().trim().max(16).optional(),
	uuid: Z().trim().max(64).optional()
}).refine((e) => e.password === e.confirmPassword, {
	path: ["confirmPassword"],
	message: $("passwordMismatch")
}), console.log(is.safeParse({}));
