//! JSON access for the trace checker that fails with a message instead of panicking (tampered
//! traces must give errors), and the resource names traces use.

use serde_json::Value;

pub(super) const RES: [&str; 5] = ["brick", "lumber", "wool", "grain", "ore"];

pub(super) type R<T> = Result<T, String>;

pub(super) fn field<'a>(v: &'a Value, k: &str) -> R<&'a Value> {
    v.get(k)
        .ok_or_else(|| format!("missing field {k:?} in {v}"))
}
pub(super) fn int(v: &Value, k: &str) -> R<i64> {
    field(v, k)?
        .as_i64()
        .ok_or_else(|| format!("field {k:?} is not an integer in {v}"))
}
pub(super) fn text<'a>(v: &'a Value, k: &str) -> R<&'a str> {
    field(v, k)?
        .as_str()
        .ok_or_else(|| format!("field {k:?} is not a string in {v}"))
}
pub(super) fn opt_int(v: &Value, k: &str) -> R<Option<i64>> {
    let f = field(v, k)?;
    if f.is_null() {
        Ok(None)
    } else {
        f.as_i64()
            .map(Some)
            .ok_or_else(|| format!("field {k:?} is neither null nor an integer in {v}"))
    }
}
pub(super) fn ints(v: &Value, k: &str) -> R<Vec<i64>> {
    field(v, k)?
        .as_array()
        .ok_or_else(|| format!("field {k:?} is not an array in {v}"))?
        .iter()
        .map(|x| x.as_i64().ok_or_else(|| format!("{k:?}: not an integer")))
        .collect()
}
pub(super) fn five(v: &Value, k: &str) -> R<[i64; 5]> {
    let xs = ints(v, k)?;
    xs.try_into()
        .map_err(|_| format!("field {k:?} does not hold 5 counts in {v}"))
}
pub(super) fn res(v: &Value, k: &str) -> R<usize> {
    let s = text(v, k)?;
    RES.iter()
        .position(|&r| r == s)
        .ok_or_else(|| format!("unknown resource {s:?}"))
}
