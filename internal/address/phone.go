package address

import "github.com/nyaruka/phonenumbers"

// formatPhone parses number, written for region when it has no "+" prefix,
// and returns it in international format ("+32 470 12 34 56"). It reports
// false for a number that cannot exist.
func formatPhone(number, region string) (phone string, ok bool) {
	defer func() {
		// The port of libphonenumber is large and not ours: whatever a
		// buyer types must not take the checkout down.
		if recover() != nil {
			phone, ok = number, false
		}
	}()
	if number == "" {
		return "", false
	}
	n, err := phonenumbers.Parse(number, region)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return number, false
	}
	return phonenumbers.Format(n, phonenumbers.INTERNATIONAL), true
}
