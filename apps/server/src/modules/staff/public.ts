// What other modules may use of the team: nothing yet; the staff routes are the team's only door.
export {};
