package address

// NormalizeVAT cleans a VAT number (spaces, dots, dashes, case), adds the
// prefix of an EU country when it has none and checks it for its country:
// the rule of the buyer's address, for the studio's own number.
func NormalizeVAT(vat, country string) (string, bool) { return normalizeVAT(vat, country) }
