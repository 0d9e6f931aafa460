// placeholder: filled by the rules work
