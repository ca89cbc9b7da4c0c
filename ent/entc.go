//go:build ignore

package main

import (
	"log"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"
)

func main() {
	ex, err := entgql.NewExtension(
		entgql.WithConfigPath("../gqlgen.yml"),
		entgql.WithWhereInputs(false),
		entgql.WithRelaySpec(true),
	)
	if err != nil {
		log.Fatalf("entgql extension: %v", err)
	}
	err = entc.Generate("./schema", &gen.Config{
		Features: []gen.Feature{
			gen.FeatureIntercept,
			gen.FeatureModifier,
			gen.FeatureLock,
			gen.FeatureUpsert,
			gen.FeatureExecQuery,
		},
	}, entc.Extensions(ex))
	if err != nil {
		log.Fatalf("ent codegen: %v", err)
	}
}
