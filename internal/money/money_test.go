package money

import "testing"

func TestDecimalString(t *testing.T) {
	for _, tc := range []struct {
		in   Cents
		want string
	}{{0, "0.00"}, {5, "0.05"}, {1250, "12.50"}, {-5, "-0.05"}, {100000, "1000.00"}} {
		if got := Decimal(tc.in).String(); got != tc.want {
			t.Errorf("Decimal(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseDecimal(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Cents
		ok   bool
	}{{"12.5", 1250, true}, {"12.50", 1250, true}, {"12", 1200, true}, {"-0.05", -5, true},
		{"1.234", 0, false}, {"abc", 0, false}, {"", 0, false}, {".5", 0, false}} {
		got, err := ParseDecimal(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseDecimal(%q) = %d, %v; want %d, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestPercentRoundsHalfAwayFromZero(t *testing.T) {
	for _, tc := range []struct {
		c    Cents
		p    int
		want Cents
	}{{1000, 10, 100}, {1005, 10, 101}, {1004, 10, 100}, {-1005, 10, -101}, {1, 50, 1}, {3, 50, 2}, {999, 15, 150}} {
		if got := Percent(tc.c, tc.p); got != tc.want {
			t.Errorf("Percent(%d, %d) = %d, want %d", tc.c, tc.p, got, tc.want)
		}
	}
}

func TestVATIncluded(t *testing.T) {
	for _, tc := range []struct {
		c    Cents
		bp   int
		want Cents
	}{{12100, 2100, 2100}, {1000, 2100, 174}, {250, 600, 14}, {0, 2100, 0}} {
		if got := VATIncluded(tc.c, tc.bp); got != tc.want {
			t.Errorf("VATIncluded(%d, %d) = %d, want %d", tc.c, tc.bp, got, tc.want)
		}
	}
}
