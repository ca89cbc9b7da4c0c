package orders

import "encoding/json"

// decode reads a value back from an order line's JSON details, which hold
// it as a map once stored (or as the Go value before).
func decode[T any](v any) (T, bool) {
	var out T
	if v == nil {
		return out, false
	}
	if t, ok := v.(T); ok {
		return t, true
	}
	if t, ok := v.(*T); ok && t != nil {
		return *t, true
	}
	b, err := json.Marshal(v)
	if err != nil {
		return out, false
	}
	return out, json.Unmarshal(b, &out) == nil
}
