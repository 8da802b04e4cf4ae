#!/usr/bin/env python3
"""An independent model of `tally replay FILE --format json` (payment-sheet event sequences), and a
random differential run of it against the real CLI. Written from the guides (Guides/CLI.md,
Checkout.md, Bridge.md), not from the Swift code; the summary rules are those of
Scripts/checkout-oracle.py, imported from beside this file.

Where the guides are silent the model follows the CLI, and says so: the authorization status when
several fields are wrong (a missing shipping postal address, then other missing shipping fields,
then an unserved address, then billing), and the order of the errors (postal address, email,
phone, name).

Usage (from the package root, after `swift build`):
  python3 Scripts/replay-oracle.py run N [SEED]    N random documents with 1-12 events each; exit 1
                                                   on any disagreement, with examples
  python3 Scripts/replay-oracle.py one FILE        the model and the CLI on one replay input
Environment: TALLY, the tally binary (default .build/debug/tally); ORACLE_CASES, where inputs are
written (default a fresh temporary folder; failing ones are kept there).
CI runs 1,000 cases with a fixed seed; any other seed is a new test.
"""
import importlib.util, json, os, random, subprocess, sys, copy, tempfile
from decimal import Decimal

spec = importlib.util.spec_from_file_location("co", os.path.join(os.path.dirname(os.path.abspath(__file__)), "checkout-oracle.py"))
co = importlib.util.module_from_spec(spec); spec.loader.exec_module(co)
TALLY = os.environ.get("TALLY", ".build/debug/tally")
CASES = os.environ.get("ORACLE_CASES") or tempfile.mkdtemp(prefix="replay-oracle-")
os.makedirs(CASES, exist_ok=True)

REQ = {"none": [], "all": ["postalAddress", "name", "emailAddress", "phoneNumber"], "postcode": ["postalAddress"],
       "name": ["name"], "email": ["emailAddress"], "phone": ["phoneNumber"]}
# order in which errors are expected (CLI order observed; compared as sets, order reported separately)
FIELD_ORDER = ["postalAddress", "emailAddress", "phoneNumber", "name"]


def present(contact, field):
    if contact is None: return False
    if field == "name": return bool(contact.get("givenName") or contact.get("familyName"))
    if field == "postalAddress":
        pa = contact.get("postalAddress")
        return pa is not None and bool(pa.get("isoCountryCode"))   # assumption: generator only makes these two kinds
    return bool(contact.get(field))


def contact_key(c):
    pa = (c or {}).get("postalAddress") or {}
    # Checkout.md: surrounding white space is not part of a code; a blank one is no code
    cc = (pa.get("isoCountryCode") or "").strip() or None
    rg = (pa.get("administrativeArea") or "").strip() or None
    return cc, rg


class Replay:
    def __init__(self, doc):
        self.m = co.Model(doc)
        self.ship_req = REQ[doc.get("shippingAddressRequirement", "none")]
        self.bill_req = REQ[doc.get("billingAddressRequirement", "none")]

    def sheet(self):
        m = self.m
        off = m.offered(m.contact) or []
        return ([m.selected] if m.selected in off else []) + [i for i in off if i != m.selected]

    def upd(self, name, errors, status=None):
        m = self.m
        lines = m.summary()
        u = {"event": name}
        if status is not None: u["status"] = status
        u.update(lines=[[l, co.show(a, m.minor), t] for l, a, t in lines], methods=self.sheet(),
                 selected=m.selected, errors=[list(e) for e in errors])
        return u

    def priced_differently(self, contact=None, ptype=None):
        """Whether the summary under the tax rule of `contact` (or with the surcharge of a card of
        type `ptype`) differs, in a label or an amount, from the summary shown."""
        m = self.m
        shown = m.summary()
        saved = (m.contact, m.ptype)
        if contact is not None: m.contact = contact
        if ptype is not None: m.ptype = ptype
        here = m.summary()
        m.contact, m.ptype = saved
        return here != shown

    def apply(self, ev):
        (name, arg), = ev.items()
        m = self.m
        if name == "selectShippingMethod":
            ok = m.offered(m.contact) is not None and arg in (m.offered(m.contact) or []) and m.select_shipping(arg)
            return self.upd(name, [], "success" if ok else "failure"), not ok
        if name == "changeCouponCode":
            errs = m.change_coupon(arg)
            return self.upd(name, errs), bool(errs)
        if name == "changeShippingContact":
            cc, rg = contact_key(arg)
            errs = m.change_contact(cc, rg)
            return self.upd(name, errs), bool(errs)
        if name == "selectPaymentMethod":
            m.ptype = arg["type"]
            return self.upd(name, []), False
        if name == "authorize":
            errs, tax_error = [], None
            sc, bc = arg.get("shippingContact"), arg.get("billingContact")
            # Checkout.md: Apple Pay's billing contact carries the postal address and the name; an
            # email or phone required for billing is asked, returned and checked with the shipping
            # contact (either contact will do for it)
            from_billing = {f for f in self.bill_req if f in ("emailAddress", "phoneNumber")} - set(self.ship_req)
            for f in FIELD_ORDER:
                if (f in self.ship_req or f in from_billing) and not present(sc, f) and not (f in from_billing and present(bc, f)):
                    errs.append(("shippingContactInvalid", f, f"the shipping {f} is missing"))
            # Checkout.md: an address the payment carries, required or not, must be served and
            # offered the selected shipping method
            if sc and present(sc, "postalAddress"):
                cc, rg = contact_key(sc)
                off = m.offered((cc, rg))
                if off is None:
                    errs.append(("shippingAddressUnserviceable", "postalAddress", None))
                elif m.selected is not None and m.selected not in off:
                    errs.append(("shippingAddressUnserviceable", "postalAddress", None))
                elif self.priced_differently(contact=(cc, rg)):
                    # Checkout.md: an address whose tax rule gives another summary than the one
                    # shown is refused on the postal address (its status ranks with an unserved one)
                    tax_error = ("shippingContactInvalid", "postalAddress", None)
                    errs.append(tax_error)
            for f in FIELD_ORDER:
                if f in self.bill_req and f not in ("emailAddress", "phoneNumber") and not present(bc, f):
                    errs.append(("billingContactInvalid", f, f"the billing {f} is missing"))
            # Checkout.md: a card whose surcharge gives another summary than the one shown is refused
            card_error = self.priced_differently(ptype=arg["paymentMethod"]["type"])
            if card_error: errs.append(("unknown", None, None))
            # guide shows only phone -> invalidShippingContact; priority observed from the CLI (guide silent)
            if not errs: status = "success"
            elif any(e[1] == "postalAddress" and e[0] == "shippingContactInvalid" and e is not tax_error for e in errs): status = "invalid-shipping-address"
            elif any(e[0] == "shippingContactInvalid" and e is not tax_error for e in errs): status = "invalid-shipping-contact"
            elif any(e[0] == "shippingAddressUnserviceable" or e is tax_error for e in errs): status = "invalid-shipping-address"
            elif any(e[0] == "billingContactInvalid" for e in errs): status = "invalid-billing-address"
            else: status = "failure"
            return {"event": name, "status": status, "errors": [list(e) for e in errs]}, bool(errs)
        raise ValueError(name)


def model(inp):
    try:
        r = Replay(inp["document"])
    except co.DocError as e:
        return {"rc": 1, "docerror": e.path, "updates": []}
    ups, refused = [], []
    for i, ev in enumerate(inp["events"]):
        u, bad = r.apply(ev)
        ups.append(u)
        if bad: refused.append(i)
    return {"rc": 1 if refused else 0, "updates": ups, "refused": refused}


def run_cli(path):
    p = subprocess.run([TALLY, "replay", path, "--format", "json"], capture_output=True, text=True, timeout=60)
    ups = []
    for line in p.stdout.splitlines():
        j = json.loads(line)
        u = {"event": j.get("event")}
        if "status" in j: u["status"] = j["status"]
        if "summaryItems" in j:
            u.update(lines=[[x["label"], x["amount"], x["type"]] for x in j["summaryItems"]],
                     methods=[x["identifier"] for x in j["shippingMethods"]], selected=j["selectedShippingMethod"])
            t = j["total"]
            if [t["label"], t["amount"], t["type"]] != u["lines"][-1]: u["totalfield"] = "differs"
        u["errors"] = [[e["code"], e["contactField"], e["message"]] for e in j["errors"]]
        u["keys"] = list(j.keys())
        ups.append(u)
    return {"rc": p.returncode, "stderr": p.stderr, "updates": ups}


KEYS = {"selectShippingMethod": ["event", "status", "summaryItems", "total", "shippingMethods", "selectedShippingMethod", "errors"],
        "authorize": ["event", "status", "errors"]}


def compare(exp, got, inp):
    d = []
    if exp["rc"] != got["rc"]: d.append(f"rc {exp['rc']}!={got['rc']}")
    if "docerror" in exp:
        if got["updates"]: d.append("docerror but updates")
        return d
    if len(exp["updates"]) != len(got["updates"]):
        d.append(f"count {len(exp['updates'])}!={len(got['updates'])}")
    for i, (e, g) in enumerate(zip(exp["updates"], got["updates"])):
        name = e["event"]
        tag = f"{name}:"
        if g["event"] != name: d.append(tag + "event"); continue
        if e.get("status") != g.get("status"): d.append(tag + f"status {e.get('status')}!={g.get('status')}")
        if name != "authorize":
            if "totalfield" in g: d.append(tag + "totalfield")
            if [x[0] for x in e["lines"]] != [x[0] for x in g["lines"]]: d.append(tag + "labels")
            elif e["lines"] != g["lines"]: d.append(tag + "amounts")
            if e["selected"] != g["selected"]: d.append(tag + "selected")
            if e["methods"] != g["methods"]: d.append(tag + "methods")
        ee = sorted(x[:2] for x in e["errors"]); ge = sorted(x[:2] for x in g["errors"])
        if ee != ge: d.append(tag + "errors")
        elif [x[:2] for x in e["errors"]] != [x[:2] for x in g["errors"]]: d.append(tag + "errorOrder")
        elif any(a[2] is not None and a[2] != b[2] for a, b in zip(e["errors"], g["errors"])): d.append(tag + "errorMsg")
        want = KEYS.get(name, ["event"] + (["status"] if name == "selectShippingMethod" else []) + ["summaryItems", "total", "shippingMethods", "selectedShippingMethod", "errors"])
        if sorted(g["keys"]) != sorted(want): d.append(tag + "keys")
    # stderr: one line per refused event, naming its path
    lines = [l for l in got["stderr"].splitlines() if l]
    idx = []
    for l in lines:
        if not l.startswith("tally replay: events["): d.append("stderr format"); break
        k = int(l[len("tally replay: events["):].split("]")[0])
        nm = l.split("].", 1)[1].split(":")[0]
        if nm != exp["updates"][k]["event"] if k < len(exp["updates"]) else True: d.append("stderr name")
        idx.append(k)
    if idx != exp["refused"]: d.append("stderr refusals")
    return d


# ------------------------------------------------------------ generators
REQS = list(REQ)


def gen_contact(rng, doc, for_auth=False):
    c = {}
    if rng.random() < 0.85:
        pa = {}
        r = rng.random()
        if r < 0.85: pa["isoCountryCode"] = rng.choice(co.COUNTRIES + ["CN", "US", "US", "GB"])
        elif r < 0.92: pa["isoCountryCode"] = ""
        if rng.random() < 0.55:
            pa["administrativeArea"] = rng.choice(co.REGIONS + ["XZ", "TX", ""])
        if for_auth and rng.random() < 0.5: pa.update(street="1 Road", city="C", postalCode="12345")
        if not for_auth and rng.random() < 0.2: pa["city"] = "Town"
        if for_auth and "isoCountryCode" not in pa: pa["isoCountryCode"] = rng.choice(["US", "CN"])
        for k in ["isoCountryCode", "administrativeArea"]:  # codes padded with white space now and then
            if pa.get(k) and rng.random() < 0.08: pa[k] = rng.choice([" ", "\t", ""]) + pa[k] + rng.choice([" ", ""])
        c["postalAddress"] = pa
    if for_auth:
        for k in ["givenName", "familyName", "emailAddress", "phoneNumber"]:
            if rng.random() < 0.6: c[k] = {"givenName": "Li", "familyName": "Wu", "emailAddress": "a@b.c", "phoneNumber": "+1 555"}[k]
    return c


def gen_event(rng, doc, hist):
    ids = [x["identifier"] for x in doc.get("shippingMethods", [])]
    codes = [x["code"] for x in doc.get("coupons", [])]
    k = rng.random()
    if hist and rng.random() < 0.15: return copy.deepcopy(rng.choice(hist))  # repeat an event
    if k < 0.25:
        return {"selectShippingMethod": rng.choice(ids + ["zzz", ""]) if ids and rng.random() < 0.85 else rng.choice(["zzz", "", "M0"])}
    if k < 0.47:
        c = rng.choice(codes + ["BOGUS", "", ""]) if codes else rng.choice(["BOGUS", ""])
        if rng.random() < 0.1: c = rng.choice([" ", "\t", "\u3000", "\n"]) + c + rng.choice(["", " "])
        return {"changeCouponCode": c}
    if k < 0.72: return {"changeShippingContact": gen_contact(rng, doc)}
    if k < 0.87:
        pm = {"type": rng.choice(co.PAYMENT_TYPES)}
        if rng.random() < 0.5: pm["network"] = "Visa"
        if rng.random() < 0.3: pm["displayName"] = "Visa 1234"
        return {"selectPaymentMethod": pm}
    a = {"paymentMethod": {"type": rng.choice(co.PAYMENT_TYPES)}}
    if rng.random() < 0.8: a["shippingContact"] = gen_contact(rng, doc, True)
    if rng.random() < 0.6: a["billingContact"] = gen_contact(rng, doc, True)
    if rng.random() < 0.3: a["transactionIdentifier"] = "T-1"
    return {"authorize": a}


def gen_case(rng):
    doc = co.gen_doc(rng)
    if rng.random() < 0.7: doc["shippingAddressRequirement"] = rng.choice(REQS)
    if rng.random() < 0.6: doc["billingAddressRequirement"] = rng.choice(REQS)
    # bias toward shipping rules with realistic countries so contacts are served and refused
    if rng.random() < 0.5 and doc.get("shippingMethods"):
        ids = [x["identifier"] for x in doc["shippingMethods"]]
        rules = [{"country": "US", "methods": rng.sample(ids, rng.randint(1, len(ids)))}]
        if rng.random() < 0.7: rules.append({"country": "US", "regions": rng.sample(["AK", "HI", "CA", "ny"], 2), "methods": rng.sample(ids, rng.randint(0, len(ids)))})
        if rng.random() < 0.5: rules.append({"country": "CN", "regions": ["XZ"], "methods": ids[-1:]})
        if rng.random() < 0.5: rules.append({"country": "gb", "methods": ids[:1]})
        doc["shippingRules"] = rules
    evs = []
    for _ in range(rng.randint(1, 12)): evs.append(gen_event(rng, doc, evs))
    return {"document": doc, "events": evs}


def run(n, seed):
    rng = random.Random(seed)
    ok, classes, counts = 0, {}, {}
    for k in range(n):
        inp = gen_case(rng)
        path = os.path.join(CASES, f"c-{seed}-{k % 20}.json")
        with open(path, "w") as f: f.write(co.dump(inp))
        exp, got = model(inp), run_cli(path)
        for ev in inp["events"]: counts[next(iter(ev))] = counts.get(next(iter(ev)), 0) + 1
        counts["events"] = counts.get("events", 0) + len(inp["events"])
        if "docerror" in exp: counts["docerror"] = counts.get("docerror", 0) + 1
        for u in exp["updates"]:
            if u.get("status") and u["event"] == "authorize": counts["auth:" + u["status"]] = counts.get("auth:" + u["status"], 0) + 1
            for e in u["errors"]: counts["err:" + e[0]] = counts.get("err:" + e[0], 0) + 1
            if u.get("status") == "failure": counts["shipFailure"] = counts.get("shipFailure", 0) + 1
        diff = compare(exp, got, inp)
        if not diff: ok += 1; continue
        key = ",".join(sorted(set(diff)))
        lst = classes.setdefault(key, [])
        if len(lst) < 3:
            keep = os.path.join(CASES, f"fail-{seed}-{k}.json")
            with open(keep, "w") as f: f.write(co.dump(inp))
            lst.append(keep)
        else: lst.append(None)
    print(f"seed {seed}: cases {n}, matched {ok}")
    print("counts:", json.dumps(counts, sort_keys=True))
    for key, lst in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        print(f"== {len(lst)} x {key}: {[x for x in lst if x]}")
    return classes


def one(path):
    with open(path) as f: text = f.read()
    inp = json.loads(text, parse_float=co.Num, parse_int=co.Num)
    exp, got = model(inp), run_cli(path)
    print("diff", compare(exp, got, inp))
    for i, (e, g) in enumerate(zip(exp["updates"], got["updates"])):
        g = {k: v for k, v in g.items() if k != "keys"}
        if e != g:
            print(i, json.dumps(inp["events"][i], ensure_ascii=False))
            print("  exp", json.dumps(e, ensure_ascii=False)); print("  got", json.dumps(g, ensure_ascii=False))
    print("rc exp", exp["rc"], "got", got["rc"]); print(got["stderr"])


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "run":
        failures = run(int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 20261130)
        sys.exit(1 if failures else 0)
    elif len(sys.argv) == 3 and sys.argv[1] == "one":
        one(sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
