package model

import "testing"

func TestWelcomeLocalized(t *testing.T) {
	w := &WelcomePopup{Mode: WelcomeMsgOnly, MessageForClients: "Bienvenue aux mariés", MessageForVisitors: "Bienvenue à tous",
		DefaultLanguage: "fr", Translations: map[string]WelcomeTranslation{
			"nl": {MessageForClients: "Welkom aan het bruidspaar", MessageForVisitors: "Welkom allemaal"},
			"en": {MessageForVisitors: "Welcome, everyone"},
		}}
	for _, c := range []struct{ lang, clients, visitors string }{
		{"fr", "Bienvenue aux mariés", "Bienvenue à tous"},
		{"nl", "Welkom aan het bruidspaar", "Welkom allemaal"},
		// English has no text for clients: the default language's.
		{"en", "Bienvenue aux mariés", "Welcome, everyone"},
	} {
		got := w.Localized(c.lang)
		if got.MessageForClients != c.clients || got.MessageForVisitors != c.visitors || got.Language != c.lang {
			t.Errorf("%s: %+v", c.lang, got)
		}
	}
	// A Dutch gallery whose Dutch texts are empty falls back to French.
	nl := &WelcomePopup{Mode: WelcomeMsgOnly, DefaultLanguage: "nl", Translations: map[string]WelcomeTranslation{
		"fr": {MessageForVisitors: "Bonjour"},
	}}
	if got := nl.Localized("en"); got.MessageForVisitors != "Bonjour" || got.MessageForClients != "" {
		t.Errorf("nl gallery in en: %+v", got)
	}
	if got := nl.TranslationList(); len(got) != 1 || got[0].Language != "fr" {
		t.Errorf("translations %+v", got)
	}
}
