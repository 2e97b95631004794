package jsonschema

import "unicode/utf8"

// Decide tells whether v is valid against sch without building any error, when it can:
// decided is false when sch reaches a keyword Decide leaves to [Schema.Validate]
// (unevaluatedProperties, unevaluatedItems, $recursiveRef, $dynamicRef, the content
// keywords, vocabulary extensions), when a comparison would be an error of its own, or when
// the walk nests deeper than a reference cycle check would allow. When decided, valid is
// what Validate's verdict is (a nil error or not). It allocates nothing, so it suits the
// common case of a valid instance: Validate is then needed only for an invalid one, to say why.
func (sch *Schema) Decide(v any) (valid, decided bool) {
	defer func() {
		if recover() != nil {
			valid, decided = false, false
		}
	}()
	d := decider{}
	valid = d.valid(sch, v, 0)
	return valid, !d.undecided
}

// decider walks a schema and a value as the validator does, keeping only the verdict.
type decider struct{ undecided bool }

// maxDecideDepth bounds the walk: schemas applied to one value through $ref and the
// applicators, or values nested that deep, are left to Validate (which reports a $ref cycle).
const maxDecideDepth = 200

func (d *decider) give() bool {
	d.undecided = true
	return false
}

func (d *decider) valid(s *Schema, v any, depth int) bool {
	if d.undecided {
		return false
	}
	if depth > maxDecideDepth {
		return d.give()
	}
	depth++
	if s.Bool != nil {
		return *s.Bool
	}
	if s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil || s.RecursiveRef != nil || s.DynamicRef != nil ||
		len(s.Extensions) > 0 || s.ContentEncoding != nil || s.ContentMediaType != nil || s.ContentSchema != nil {
		return d.give()
	}
	t := typeOf(v)
	if t == invalidType {
		return d.give()
	}
	if s.Types != nil && !s.Types.IsEmpty() {
		if !s.Types.contains(t) && !(s.Types.contains(integerType) && t == numberType && isInteger(v)) {
			return false
		}
	}
	if s.Const != nil {
		ok, k := equals(v, *s.Const)
		if k != nil {
			return d.give()
		}
		if !ok {
			return false
		}
	}
	if s.Enum != nil {
		matched := false
		if s.Enum.types.contains(t) {
			for _, item := range s.Enum.Values {
				ok, k := equals(v, item)
				if k != nil {
					return d.give()
				}
				if ok {
					matched = true
					break
				}
			}
		}
		if !matched {
			return false
		}
	}
	if s.Format != nil {
		if s.Format.Name == "regex" {
			return d.give() // the validator may check it with its own engine
		}
		if s.Format.Validate(v) != nil {
			return false
		}
	}
	if s.Ref != nil {
		ok := d.valid(s.Ref, v, depth)
		if s.DraftVersion < 2019 || !ok {
			return ok
		}
	}
	switch v := v.(type) {
	case map[string]any:
		if !d.object(s, v, depth) {
			return false
		}
	case []any:
		if !d.array(s, v, depth) {
			return false
		}
	case string:
		if !d.str(s, v) {
			return false
		}
	case nil, bool:
	default:
		if !d.num(s, v) {
			return false
		}
	}
	if s.Not != nil && d.valid(s.Not, v, depth) {
		return false
	}
	for _, sub := range s.AllOf {
		if !d.valid(sub, v, depth) {
			return false
		}
	}
	if len(s.AnyOf) > 0 {
		matched := false
		for _, sub := range s.AnyOf {
			if d.valid(sub, v, depth) {
				matched = true
				break
			}
		}
		if !matched {
			return false
		}
	}
	if len(s.OneOf) > 0 {
		matched := 0
		for _, sub := range s.OneOf {
			if d.valid(sub, v, depth) {
				matched++
				if matched > 1 {
					break
				}
			}
		}
		if matched != 1 {
			return false
		}
	}
	if s.If != nil {
		if d.valid(s.If, v, depth) {
			if s.Then != nil && !d.valid(s.Then, v, depth) {
				return false
			}
		} else if s.Else != nil && !d.valid(s.Else, v, depth) {
			return false
		}
	}
	return !d.undecided
}

func (d *decider) object(s *Schema, obj map[string]any, depth int) bool {
	if s.MinProperties != nil && len(obj) < *s.MinProperties {
		return false
	}
	if s.MaxProperties != nil && len(obj) > *s.MaxProperties {
		return false
	}
	lookUp := s.lookUpProperties(obj)
	if !lookUp || !s.requiredListed { // else each required property is asked for in namedProperties
		for _, name := range s.Required {
			if _, ok := obj[name]; !ok {
				return false
			}
		}
	}
	// Each map of dependencies is ranged over only when it has members: starting a range, even
	// over nothing, is a call, which a tool call made thrice per object.
	if len(s.Dependencies) > 0 && !d.dependencies(s, obj, depth) {
		return false
	}
	if !d.namedProperties(s, obj, depth, lookUp) {
		return false
	}
	if s.DraftVersion == 4 {
		return true
	}
	if s.PropertyNames != nil {
		for name := range obj {
			if !d.valid(s.PropertyNames, name, depth) {
				return false
			}
		}
	}
	if s.DraftVersion == 6 {
		return true
	}
	if len(s.DependentSchemas) > 0 || len(s.DependentRequired) > 0 {
		return d.dependents(s, obj, depth)
	}
	return true
}

// dependencies checks draft 4 to 7's dependencies.
func (d *decider) dependencies(s *Schema, obj map[string]any, depth int) bool {
	for name, dep := range s.Dependencies {
		if _, ok := obj[name]; !ok {
			continue
		}
		switch dep := dep.(type) {
		case []string:
			for _, name := range dep {
				if _, ok := obj[name]; !ok {
					return false
				}
			}
		case *Schema:
			if !d.valid(dep, obj, depth) {
				return false
			}
		}
	}
	return true
}

// dependents checks dependentSchemas and dependentRequired.
func (d *decider) dependents(s *Schema, obj map[string]any, depth int) bool {
	for name, sub := range s.DependentSchemas {
		if _, ok := obj[name]; ok && !d.valid(sub, obj, depth) {
			return false
		}
	}
	for name, required := range s.DependentRequired {
		if _, ok := obj[name]; !ok {
			continue
		}
		for _, r := range required {
			if _, ok := obj[r]; !ok {
				return false
			}
		}
	}
	return true
}

// lookUpProperties reports whether Decide looks each of s's properties up in obj: without
// patternProperties, and with no more properties than obj has members (see namedProperties).
func (s *Schema) lookUpProperties(obj map[string]any) bool {
	return len(s.PatternProperties) == 0 && len(s.propertyList) == len(s.Properties) && len(s.propertyList) <= len(obj)
}

// namedProperties checks obj's members against properties, patternProperties and
// additionalProperties. With lookUp (s.lookUpProperties), it looks each property up in obj
// rather than iterating over obj, which costs more than the lookups (a map's iteration starts
// at a random place), and a required property found missing fails obj there (so that, when
// every required name is a property, required costs no lookups of its own); the members left
// over are visited only when additionalProperties is a schema.
func (d *decider) namedProperties(s *Schema, obj map[string]any, depth int, lookUp bool) bool {
	if lookUp {
		found := 0
		for _, p := range s.propertyList {
			if value, ok := obj[p.name]; ok {
				found++
				if !d.valid(p.schema, value, depth) {
					return false
				}
			} else if p.required {
				return false
			}
		}
		if found == len(obj) || s.AdditionalProperties == nil {
			return true
		}
		switch additional := s.AdditionalProperties.(type) {
		case bool:
			return additional
		case *Schema:
			for name, value := range obj {
				if _, ok := s.Properties[name]; !ok && !d.valid(additional, value, depth) {
					return false
				}
			}
		}
		return true
	}
	for name, value := range obj {
		evaluated := false
		if sub, ok := s.Properties[name]; ok {
			evaluated = true
			if !d.valid(sub, value, depth) {
				return false
			}
		}
		for regex, sub := range s.PatternProperties {
			if regex.MatchString(name) {
				evaluated = true
				if !d.valid(sub, value, depth) {
					return false
				}
			}
		}
		if !evaluated && s.AdditionalProperties != nil {
			switch additional := s.AdditionalProperties.(type) {
			case bool:
				if !additional {
					return false
				}
			case *Schema:
				if !d.valid(additional, value, depth) {
					return false
				}
			}
		}
	}
	return true
}

func (d *decider) array(s *Schema, arr []any, depth int) bool {
	if s.MinItems != nil && len(arr) < *s.MinItems {
		return false
	}
	if s.MaxItems != nil && len(arr) > *s.MaxItems {
		return false
	}
	if s.UniqueItems && len(arr) > 1 {
		i, _, k := duplicates(arr)
		if k != nil {
			return d.give()
		}
		if i != -1 {
			return false
		}
	}
	if s.DraftVersion < 2020 {
		evaluated := 0
		switch items := s.Items.(type) {
		case *Schema:
			for _, item := range arr {
				if !d.valid(items, item, depth) {
					return false
				}
			}
			evaluated = len(arr)
		case []*Schema:
			evaluated = min(len(arr), len(items))
			for i, item := range arr[:evaluated] {
				if !d.valid(items[i], item, depth) {
					return false
				}
			}
		}
		switch additional := s.AdditionalItems.(type) {
		case bool:
			if !additional && evaluated != len(arr) {
				return false
			}
		case *Schema:
			for _, item := range arr[evaluated:] {
				if !d.valid(additional, item, depth) {
					return false
				}
			}
		}
	} else {
		evaluated := min(len(s.PrefixItems), len(arr))
		for i, item := range arr[:evaluated] {
			if !d.valid(s.PrefixItems[i], item, depth) {
				return false
			}
		}
		if s.Items2020 != nil {
			for _, item := range arr[evaluated:] {
				if !d.valid(s.Items2020, item, depth) {
					return false
				}
			}
		}
	}
	if s.Contains != nil {
		matched := 0
		for _, item := range arr {
			if d.valid(s.Contains, item, depth) {
				matched++
			}
		}
		if s.MinContains != nil {
			if matched < *s.MinContains {
				return false
			}
		} else if matched == 0 {
			return false
		}
		if s.MaxContains != nil && matched > *s.MaxContains {
			return false
		}
	}
	return !d.undecided
}

func (d *decider) str(s *Schema, str string) bool {
	if s.MinLength != nil || s.MaxLength != nil {
		n := utf8.RuneCountInString(str)
		if s.MinLength != nil && n < *s.MinLength {
			return false
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			return false
		}
	}
	if s.Pattern != nil && !s.Pattern.MatchString(str) {
		return false
	}
	return true
}

func (d *decider) num(s *Schema, v any) bool {
	num := newNumber(v)
	if s.Minimum != nil && num.cmp(s.Minimum) < 0 {
		return false
	}
	if s.Maximum != nil && num.cmp(s.Maximum) > 0 {
		return false
	}
	if s.ExclusiveMinimum != nil && num.cmp(s.ExclusiveMinimum) <= 0 {
		return false
	}
	if s.ExclusiveMaximum != nil && num.cmp(s.ExclusiveMaximum) >= 0 {
		return false
	}
	if s.MultipleOf != nil && !num.isMultipleOf(s.MultipleOf) {
		return false
	}
	return true
}
