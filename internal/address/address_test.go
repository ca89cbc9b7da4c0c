package address

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/model"
)

// base is a valid Belgian address; each case changes what it tests.
func base() model.Address {
	return model.Address{
		Title: "Madame", Firstname: "Anne", Lastname: "Dupont", Address: "Rue de la Loi 16",
		PostalCode: "1000", City: "Bruxelles", Country: "BE", PhoneNumber: "0470 12 34 56",
	}
}

func with(change func(*model.Address)) model.Address {
	a := base()
	change(&a)
	return a
}

// abroad is base moved to country, with postal code and an international phone number.
func abroad(country, postalCode string) model.Address {
	return with(func(a *model.Address) {
		a.Country, a.PostalCode, a.City, a.PhoneNumber = country, postalCode, "Ville", "+32 470 12 34 56"
	})
}

// problems lists errs as "field:code", fields without the prefix.
func problems(errs apperr.List) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Field[len(e.Field)-1]+":"+e.Code)
	}
	return out
}

func TestCheckValidAddresses(t *testing.T) {
	tests := []struct {
		name       string
		in         model.Address
		postalCode string
		phone      string
	}{
		{"BE", base(), "1000", "+32 470 12 34 56"},
		{"BE with B- prefix", with(func(a *model.Address) { a.PostalCode = "B-1000" }), "1000", "+32 470 12 34 56"},
		{"FR", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "FR", "75015", "Paris", "01 42 68 53 00"
		}), "75015", "+33 1 42 68 53 00"},
		{"FR Monaco code", abroad("FR", "98000"), "98000", "+32 470 12 34 56"},
		{"MC", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "MC", "98000", "Monaco", "+377 99 99 99 99"
		}), "98000", "+377 99 99 99 99"},
		{"NL", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "NL", "1012ab", "Amsterdam", "020 123 4567"
		}), "1012 AB", "+31 20 123 4567"},
		{"LU", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "LU", "1234", "Luxembourg", "+352 621 123 456"
		}), "1234", "+352 621 123 456"},
		{"LU with L- prefix", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "lu", "l-1234", "Luxembourg", "621 123 456"
		}), "1234", "+352 621 123 456"},
		{"GB", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "GB", "sw1a1aa", "London", "020 7946 0018"
		}), "SW1A 1AA", "+44 20 7946 0018"},
		{"US ZIP", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "US", "94043", "Mountain View", "(650) 253-0000"
		}), "94043", "+1 650-253-0000"},
		{"US ZIP+4", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "US", "940431351", "Mountain View", "+1 650 253 0000"
		}), "94043-1351", "+1 650-253-0000"},
		{"CH", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "CH", "CH-8002", "Zürich", "044 668 18 00"
		}), "8002", "+41 44 668 18 00"},
		{"CA", with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "CA", "k1a0b1", "Ottawa", "+1 613 555 0199"
		}), "K1A 0B1", ""},
		{"PT", abroad("PT", "1100 148"), "1100-148", ""},
		{"PL", abroad("PL", "00950"), "00-950", ""},
		{"SE", abroad("SE", "11455"), "114 55", ""},
		{"IE with Eircode", abroad("IE", "d02x285"), "D02 X285", ""},
		{"IE without Eircode", abroad("IE", ""), "", ""},
		{"HK without postal code", abroad("HK", ""), "", ""},
		{"other country", abroad("BR", "01310-100"), "01310-100", ""},
		{"LV", abroad("LV", "lv 1050"), "LV-1050", ""},
		{"LT", abroad("LT", "01100"), "LT-01100", ""},
		{"CZ", abroad("CZ", "11000"), "110 00", ""},
		{"DE with D- prefix", abroad("DE", "D-10115"), "10115", ""},
		{"MT", abroad("MT", "vlt1117"), "VLT 1117", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs, _ := Check(tt.in, "billing")
			if len(errs) > 0 {
				t.Fatalf("errors %v", problems(errs))
			}
			if got.PostalCode != tt.postalCode {
				t.Errorf("postal code %q, want %q", got.PostalCode, tt.postalCode)
			}
			if tt.phone != "" && got.PhoneNumber != tt.phone {
				t.Errorf("phone %q, want %q", got.PhoneNumber, tt.phone)
			}
		})
	}
}

func TestCheckInvalidAddresses(t *testing.T) {
	tests := []struct {
		name string
		in   model.Address
		want []string
	}{
		{"BE code too short", with(func(a *model.Address) { a.PostalCode = "100" }), []string{"postalCode:invalid_postal_code"}},
		{"BE code with letters", with(func(a *model.Address) { a.PostalCode = "10A0" }), []string{"postalCode:invalid_postal_code"}},
		{"FR code out of range", abroad("FR", "99000"), []string{"postalCode:invalid_postal_code"}},
		{"NL without letters", abroad("NL", "1012"), []string{"postalCode:invalid_postal_code"}},
		{"LU five digits", abroad("LU", "L-12345"), []string{"postalCode:invalid_postal_code"}},
		{"GB bad postcode", abroad("GB", "QQ1 1AA"), []string{"postalCode:invalid_postal_code"}},
		{"US four digits", abroad("US", "9404"), []string{"postalCode:invalid_postal_code"}},
		{"CH five digits", abroad("CH", "80020"), []string{"postalCode:invalid_postal_code"}},
		{"IE bad Eircode", abroad("IE", "Dublin 2"), []string{"postalCode:invalid_postal_code"}},
		{"other country, odd code", abroad("BR", "#1"), []string{"postalCode:invalid_postal_code"}},
		{"unknown country", with(func(a *model.Address) { a.Country = "ZZ" }),
			[]string{"country:invalid_country", "phoneNumber:invalid_phone"}},
		{"country name instead of code", with(func(a *model.Address) { a.Country = "Belgique" }),
			[]string{"country:invalid_country", "phoneNumber:invalid_phone"}},
		{"bad title", with(func(a *model.Address) { a.Title = "Docteur" }), []string{"title:invalid_input"}},
		// The civilité is optional (« Non précisé »): no title is no error.
		{"no title", with(func(a *model.Address) { a.Title = "" }), nil},
		{"blank title", with(func(a *model.Address) { a.Title = "   " }), nil},
		{"bad phone", with(func(a *model.Address) { a.PhoneNumber = "12345" }), []string{"phoneNumber:invalid_phone"}},
		{"bad VAT", with(func(a *model.Address) { a.VatNumber = "BE0123456748" }), []string{"vatNumber:invalid_vat_number"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs, sugg := Check(tt.in, "billing")
			if p := problems(errs); !slices.Equal(p, tt.want) {
				t.Errorf("errors %v, want %v", p, tt.want)
			}
			if sugg != nil {
				t.Errorf("suggestion %+v for an invalid address", sugg)
			}
			if code := strings.ToUpper(tt.in.PostalCode); got.PostalCode != code && !strings.HasSuffix(code, got.PostalCode) {
				t.Errorf("wrong postal code %q shown back as %q", tt.in.PostalCode, got.PostalCode)
			}
		})
	}
}

func TestCheckRequiredFields(t *testing.T) {
	_, errs, _ := Check(model.Address{Title: "Monsieur"}, "shipping")
	want := []string{"firstname:required", "lastname:required", "address:required", "city:required",
		"country:required", "phoneNumber:required", "postalCode:required"}
	if got := problems(errs); !slices.Equal(got, want) {
		t.Errorf("errors %v, want %v", got, want)
	}
	for _, e := range errs {
		if e.Status != 400 || e.Message(lang.FR) != "Merci de remplir ce champ" || e.Field[0] != "shipping" {
			t.Errorf("error %+v", e)
		}
	}

	_, errs, _ = Check(with(func(a *model.Address) { a.PostalCode = "  " }), "billing")
	if got := problems(errs); !slices.Equal(got, []string{"postalCode:required"}) {
		t.Errorf("blank BE postal code: errors %v", got)
	}
}

func TestCheckTooLong(t *testing.T) {
	long := strings.Repeat("é", MaxLength+1)
	tests := []struct {
		name   string
		change func(*model.Address)
		want   []string
	}{
		{"lastname", func(a *model.Address) { a.Lastname = long }, []string{"lastname:too_long"}},
		{"address2", func(a *model.Address) { a.Address2 = long }, []string{"address2:too_long"}},
		{"city", func(a *model.Address) { a.City = long }, []string{"city:too_long"}},
		{"postal code", func(a *model.Address) { a.PostalCode = strings.Repeat("1", 300) }, []string{"postalCode:too_long"}},
		{"phone", func(a *model.Address) { a.PhoneNumber = strings.Repeat("1", 300) }, []string{"phoneNumber:too_long"}},
		{"VAT", func(a *model.Address) { a.VatNumber = strings.Repeat("1", 300) }, []string{"vatNumber:too_long"}},
		{"exactly the limit", func(a *model.Address) { a.Address2 = long[:len(long)-len("é")] }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs, _ := Check(with(tt.change), "billing")
			if got := problems(errs); !slices.Equal(got, tt.want) {
				t.Errorf("errors %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCheckErrorFields(t *testing.T) {
	in := with(func(a *model.Address) { a.City = "" })
	for _, tt := range []struct {
		prefix string
		want   []string
	}{{"billing", []string{"billing", "city"}}, {"", []string{"city"}}} {
		_, errs, _ := Check(in, tt.prefix)
		if len(errs) != 1 || !slices.Equal(errs[0].Field, tt.want) {
			t.Errorf("prefix %q: errors %+v, want field %v", tt.prefix, errs, tt.want)
		}
	}
}

// A single-line field holding a line break, a tab, a NUL, another control
// character or bytes that are not UTF-8 is refused with invalid_input
// (text.Line), never folded nor stored.
func TestCheckRefusesControlCharacters(t *testing.T) {
	for _, bad := range []string{"de\tVries", "de\nVries", "de\x00Vries", "de\x1bVries", "de\xffVries"} {
		in := model.Address{Title: "Monsieur", Firstname: "Jan", Lastname: bad, Address: "Damrak 1",
			PostalCode: "1012 LG", City: "Amsterdam", Country: "NL", PhoneNumber: "+31 20 123 4567"}
		_, errs, _ := Check(in, "billing")
		if len(errs) != 1 || errs[0].Code != "invalid_input" || !slices.Equal(errs[0].Field, []string{"billing", "lastname"}) {
			t.Errorf("%q: errors %v, want invalid_input on billing.lastname", bad, problems(errs))
		}
	}
}

func TestCheckCleans(t *testing.T) {
	in := model.Address{
		Title: " Monsieur ", Firstname: "  Jan ", Lastname: "de  Vries ", Address: " Damrak 1 ",
		Address2: "  ", PostalCode: " 1012lg ", City: " Amsterdam ", Country: " nl ",
		PhoneNumber: "+31 (0)20 123 45 67", VatNumber: " nl 8530.17.248.B01 ",
	}
	want := model.Address{
		Title: "Monsieur", Firstname: "Jan", Lastname: "de Vries", Address: "Damrak 1",
		PostalCode: "1012 LG", City: "Amsterdam", Country: "NL",
		PhoneNumber: "+31 20 123 4567", VatNumber: "NL853017248B01",
	}
	got, errs, sugg := Check(in, "billing")
	if len(errs) > 0 {
		t.Fatalf("errors %v", problems(errs))
	}
	if got != want {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if sugg != nil {
		t.Errorf("suggestion %+v", sugg)
	}
}

func TestPhoneNumbers(t *testing.T) {
	tests := []struct {
		name, number, country, want string
		ok                          bool
	}{
		{"Belgian mobile", "0470 12 34 56", "BE", "+32 470 12 34 56", true},
		{"Belgian mobile with +32", "+32 470 12 34 56", "BE", "+32 470 12 34 56", true},
		{"Belgian mobile with 0032", "0032470123456", "BE", "+32 470 12 34 56", true},
		{"Belgian mobile for a French address", "+32470123456", "FR", "+32 470 12 34 56", true},
		{"Belgian landline", "02 511 12 34", "BE", "+32 2 511 12 34", true},
		{"French number", "01 42 68 53 00", "FR", "+33 1 42 68 53 00", true},
		{"French mobile with dots", "06.12.34.56.78", "FR", "+33 6 12 34 56 78", true},
		{"too short", "0470 12", "BE", "", false},
		{"too long", "0470 12 34 56 78 90", "BE", "", false},
		{"letters", "pas de téléphone", "BE", "", false},
		{"French number read as Belgian", "06 12 34 56 78", "BE", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs, _ := Check(with(func(a *model.Address) {
				a.PhoneNumber, a.Country = tt.number, tt.country
				if tt.country == "FR" {
					a.PostalCode, a.City = "75001", "Paris"
				}
			}), "billing")
			if ok := len(errs) == 0; ok != tt.ok {
				t.Fatalf("errors %v, want ok=%v", problems(errs), tt.ok)
			}
			if tt.ok && got.PhoneNumber != tt.want {
				t.Errorf("phone %q, want %q", got.PhoneNumber, tt.want)
			}
			if !tt.ok && got.PhoneNumber != strings.Join(strings.Fields(tt.number), " ") {
				t.Errorf("invalid phone changed to %q", got.PhoneNumber)
			}
		})
	}
}

func TestVATNumbers(t *testing.T) {
	tests := []struct {
		name, vat, country, want string
		ok                       bool
	}{
		{"BE valid", "BE0123456749", "BE", "BE0123456749", true},
		{"BE valid with spaces and dots", "be 0123.456.749", "BE", "BE0123456749", true},
		{"BE without prefix", "0123456749", "BE", "BE0123456749", true},
		{"BE old nine digits", "123.456.749", "BE", "BE0123456749", true},
		{"BE new number starting with 1", "BE1000000021", "BE", "BE1000000021", true},
		{"BE wrong check digits", "BE0123456748", "BE", "BE0123456748", false},
		{"BE too short", "BE01234567", "BE", "BE01234567", false},
		{"BE starting with 2", "BE2123456749", "BE", "BE2123456749", false},
		{"FR valid", "FR44732829320", "FR", "FR44732829320", true},
		{"FR without prefix", "44 732 829 320", "FR", "FR44732829320", true},
		{"FR wrong key", "FR45732829320", "FR", "FR45732829320", false},
		{"FR letter key", "FRA1732829320", "FR", "FRA1732829320", true},
		{"FR bad format", "FR4473282932", "FR", "FR4473282932", false},
		{"FR number for a Belgian address", "FR83404833048", "BE", "FR83404833048", true},
		{"LU valid", "LU15027442", "LU", "LU15027442", true},
		{"LU wrong check", "LU15027443", "LU", "LU15027443", false},
		{"IT valid", "IT00743110157", "IT", "IT00743110157", true},
		{"IT wrong check", "IT00743110158", "IT", "IT00743110158", false},
		{"NL valid", "NL853017248B01", "NL", "NL853017248B01", true},
		{"DE format", "DE123456789", "DE", "DE123456789", true},
		{"DE without prefix", "123456789", "DE", "DE123456789", true},
		{"Greece uses EL", "123456789", "GR", "EL123456789", true},
		{"Greece with GR", "GR123456789", "GR", "EL123456789", true},
		{"non-EU prefix for an EU address", "CHE123456789", "BE", "CHE123456789", false},
		{"CH UID", "CHE-123.456.789 MWST", "CH", "CHE123456789MWST", true},
		{"US EIN", "12-3456789", "US", "123456789", true},
		{"non-EU too short", "123", "CH", "123", false},
		{"non-EU odd characters", "12/34*56", "US", "12/34*56", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := normalizeVAT(tt.vat, tt.country)
			if got != tt.want || ok != tt.ok {
				t.Errorf("normalizeVAT(%q, %q) = %q, %v; want %q, %v", tt.vat, tt.country, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestCheckVATNumber(t *testing.T) {
	got, errs, _ := Check(with(func(a *model.Address) { a.VatNumber = "0123 456 749" }), "billing")
	if len(errs) > 0 || got.VatNumber != "BE0123456749" {
		t.Errorf("VAT %q, errors %v", got.VatNumber, problems(errs))
	}
	got, errs, _ = Check(with(func(a *model.Address) { a.VatNumber = "" }), "billing")
	if len(errs) > 0 || got.VatNumber != "" {
		t.Errorf("no VAT: %q, errors %v", got.VatNumber, problems(errs))
	}
}

func TestSuggestions(t *testing.T) {
	fr := func(code, city string) model.Address {
		return with(func(a *model.Address) {
			a.Country, a.PostalCode, a.City, a.PhoneNumber = "FR", code, city, "01 42 68 53 00"
		})
	}
	tests := []struct {
		name     string
		in       model.Address
		wantCode string // "" when no suggestion is expected
		wantCity string
	}{
		{"right pair", fr("69001", "Lyon"), "", ""},
		{"case and accents", fr("01000", "SAINT DENIS LES BOURG"), "", ""},
		{"St for Saint", fr("01000", "St-Denis-lès-Bourg"), "", ""},
		{"apostrophes and hyphens", fr("09300", "VILLENEUVE D OLMES"), "", ""},
		{"ligature", fr("59112", "Annoeullin"), "", ""},
		{"routing label", fr("85000", "Roche sur Yon (La)"), "", ""},
		{"arrondissement", fr("75015", "Paris 15e"), "", ""},
		{"CEDEX", fr("69003", "Lyon Cedex 03"), "", ""},
		{"city of another code", fr("69001", "Paris"), "69001", "Lyon"},
		{"typo picks the closest locality", fr("01000", "Saint-Denis-les-Bour"), "01000", "Saint-Denis-lès-Bourg"},
		{"unknown city, known code", fr("75015", "Lille"), "75015", "Paris"},
		{"closest of several localities", fr("01000", "Bourg"), "01000", "Bourg-en-Bresse"},
		{"unknown code, known city", fr("75099", "Lyon"), "69001", "Lyon"},
		{"unknown code, unknown city", fr("75099", "Atlantis"), "", ""},
		{"unknown code, CEDEX", fr("75700", "Paris Cedex 07"), "", ""},
		{"country without data", with(func(a *model.Address) { a.City = "Namur" }), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs, sugg := Check(tt.in, "billing")
			if len(errs) > 0 {
				t.Fatalf("errors %v", problems(errs))
			}
			switch {
			case tt.wantCode == "" && sugg != nil:
				t.Errorf("suggestion %s %s, want none", sugg.PostalCode, sugg.City)
			case tt.wantCode != "" && sugg == nil:
				t.Errorf("no suggestion, want %s %s", tt.wantCode, tt.wantCity)
			case sugg != nil:
				if sugg.PostalCode != tt.wantCode || sugg.City != tt.wantCity {
					t.Errorf("suggestion %s %s, want %s %s", sugg.PostalCode, sugg.City, tt.wantCode, tt.wantCity)
				}
				want := got
				want.PostalCode, want.City = sugg.PostalCode, sugg.City
				if *sugg != want {
					t.Errorf("suggestion changes more than the postal code or city: %+v", sugg)
				}
			}
		})
	}
}

func TestEmbeddedData(t *testing.T) {
	all, err := loadAll(data)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(all["FR"].byCode); n < 6000 {
		t.Errorf("FR: %d postal codes, want about 6,200", n)
	}
	if !HasLocalities("fr") || HasLocalities("BE") {
		t.Errorf("HasLocalities: FR %v, BE %v", HasLocalities("FR"), HasLocalities("BE"))
	}
	for code, locs := range all["FR"].byCode {
		if _, err := normalizePostalCode("FR", code); err != nil {
			t.Errorf("FR data code %q does not pass the FR format", code)
		}
		if len(locs) == 0 || locs[0].alias || locs[0].key == "" {
			t.Errorf("FR data code %q: localities %+v", code, locs)
		}
	}
}

func TestCountries(t *testing.T) {
	list := Countries(lang.FR)
	if len(list) != 250 {
		t.Errorf("%d countries, want 249 ISO codes and XK", len(list))
	}
	names := map[string]string{}
	for _, c := range list {
		names[c.Code] = c.Name
	}
	for code, want := range map[string]string{
		"BE": "Belgique", "FR": "France", "DE": "Allemagne", "GB": "Royaume-Uni", "US": "États-Unis",
		"CH": "Suisse", "NL": "Pays-Bas", "HK": "Hong Kong",
	} {
		if names[code] != want {
			t.Errorf("%s is %q, want %q", code, names[code], want)
		}
	}
	for _, code := range strings.Fields(`AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK
		IS LI NO CH GB US CA MC AD SM VA`) {
		if names[code] == "" {
			t.Errorf("%s is missing", code)
		}
	}
	col := collate.New(language.French, collate.IgnoreCase)
	if !slices.IsSortedFunc(list, func(a, b Country) int { return col.CompareString(a.Name, b.Name) }) {
		t.Error("countries are not sorted by French name")
	}
	list[0].Name = "changed"
	if Countries(lang.FR)[0].Name == "changed" {
		t.Error("Countries shares its slice with callers")
	}
}

func TestIsCountry(t *testing.T) {
	for code, want := range map[string]bool{"BE": true, "be": true, "XK": true, "ZZ": false, "EU": false, "UK": false,
		"BEL": false, "": false} {
		if got := IsCountry(code); got != want {
			t.Errorf("IsCountry(%q) = %v", code, got)
		}
	}
}

func FuzzCheck(f *testing.F) {
	f.Add("BE", "1000", "Bruxelles", "0470 12 34 56", "BE0123456749", "Monsieur")
	f.Add("FR", "75015", "Paris Cedex 15", "+33142685300", "FR44732829320", "Madame")
	f.Add("NL", "1012ab", "Amsterdam", "+31 (0)20 123 4567", "", "Madame")
	f.Add("GB", "gir0aa", "London", "+44", "GB123", "")
	f.Add("gr", "123 45", "Αθήνα", "++++", "GR123456789", "Monsieur")
	f.Add("LU", "L-", "(", "0", "LU", "\x00")
	f.Fuzz(func(t *testing.T, country, postalCode, city, phone, vat, title string) {
		in := model.Address{
			Title: title, Firstname: "A", Lastname: "B", Address: "C", PostalCode: postalCode, City: city,
			Country: country, PhoneNumber: phone, VatNumber: vat,
		}
		got, errs, sugg := Check(in, "billing")
		for _, e := range errs {
			if e.Code == "" || e.Message(lang.FR) == "" || e.Status != 400 || len(e.Field) != 2 {
				t.Errorf("malformed error %+v", e)
			}
		}
		if sugg != nil && len(errs) > 0 && slices.ContainsFunc(errs, func(e *apperr.Error) bool {
			return e.Field[1] == "postalCode" || e.Field[1] == "city" || e.Field[1] == "country"
		}) {
			t.Errorf("suggestion despite errors %v", problems(errs))
		}
		if len(errs) == 0 {
			again, errs2, _ := Check(got, "billing")
			if len(errs2) > 0 || again != got {
				t.Errorf("Check is not idempotent: %+v then %+v, %v", got, again, problems(errs2))
			}
		}
	})
}

func TestCountryName(t *testing.T) {
	for code, want := range map[string]string{"BE": "Belgique", "fr": "France", "CH": "Suisse", "LU": "Luxembourg", "GB": "Royaume-Uni", "ZZ": "ZZ", "": ""} {
		if got := CountryName(code, lang.FR); got != want {
			t.Errorf("CountryName(%q, fr) = %q, want %q", code, got, want)
		}
	}
	for _, c := range []struct {
		code string
		t    lang.Tag
		want string
	}{
		{"BE", lang.NL, "België"}, {"FR", lang.NL, "Frankrijk"}, {"DE", lang.NL, "Duitsland"}, {"LU", lang.NL, "Luxemburg"},
		{"NL", lang.NL, "Nederland"}, {"GB", lang.NL, "Verenigd Koninkrijk"}, {"CH", lang.NL, "Zwitserland"}, {"HK", lang.NL, "Hongkong"},
		{"BE", lang.EN, "Belgium"}, {"FR", lang.EN, "France"}, {"DE", lang.EN, "Germany"}, {"NL", lang.EN, "Netherlands"},
		{"GB", lang.EN, "United Kingdom"}, {"US", lang.EN, "United States"}, {"HK", lang.EN, "Hong Kong"},
		{"be", "de", "Belgique"}, {"ZZ", lang.EN, "ZZ"},
	} {
		if got := CountryName(c.code, c.t); got != c.want {
			t.Errorf("CountryName(%q, %s) = %q, want %q", c.code, c.t, got, c.want)
		}
	}
}

// TestCountriesInEveryLanguage: every country has a name in each language
// the product speaks (no code left as its name), and each list is sorted
// the way its language sorts (« België » among the B in Dutch).
func TestCountriesInEveryLanguage(t *testing.T) {
	for _, tag := range lang.Supported {
		list := Countries(tag)
		if len(list) != 250 {
			t.Fatalf("%s: %d countries", tag, len(list))
		}
		for _, c := range list {
			if c.Name == "" || c.Name == c.Code {
				t.Errorf("%s: %s has no name (%q)", tag, c.Code, c.Name)
			}
		}
		base, _ := language.Parse(string(tag))
		col := collate.New(base, collate.IgnoreCase)
		if !slices.IsSortedFunc(list, func(a, b Country) int { return col.CompareString(a.Name, b.Name) }) {
			t.Errorf("%s: not sorted", tag)
		}
	}
	if nl := Countries(lang.NL); nl[slices.IndexFunc(nl, func(c Country) bool { return c.Code == "BE" })].Name != "België" {
		t.Error("BE is not België in Dutch")
	}
}
