"""The design system: every screen of the window is built from what is here, and from nothing else.

- `tokens`: the spacing and type scales, the radii, and the colour roles of the light and dark themes.
- `sheet`: the application's style sheet, made from the tokens (`gui.theme.apply` sets it with the palette).
- Components, each one concept:
  `card` (a card, its heading, a card that scrolls), `responsive` (side by side, or stacked when the
  window is narrow), `buttons` (primary, secondary, ghost, compact, the flip button), `amount_field` (a side
  of a swap: the large amount, refusing what cannot be typed, the token button, the balance and Max),
  `token_button` (a token or a chain as a pill with its logo), `badge` (a status badge, a tag), `slippage`
  (presets with Auto, and a custom value), `notice` (a line of words in a tone, with an action), `message`
  (a form's one message, in a slot of its own height so nothing moves), `empty_state`, `skeleton` (a
  placeholder while something loads), `steps` (a dialog's steps, each done, current or to come), `rows`
  (caption and value rows, nothing ever cut), `elided` (one line that ends in "…" when it has no room).

Importing this package imports none of them (`gui.theme` reads the tokens and the sheet: no cycle).
"""
