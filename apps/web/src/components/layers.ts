/**
 * Dialogs over lists open from detail drawers too (edit an employee, assign a client): they
 * must sit above the drawer whichever was mounted first, and antd gives both the same layer.
 * antd lifts the pickers and menus inside a dialog along with it.
 */
export const DIALOG_Z_INDEX = 1100;
