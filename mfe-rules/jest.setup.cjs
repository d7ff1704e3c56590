// Closed dialogs here leave the DOM, so role queries need not check visibility (which needs layout jsdom lacks).
require('@testing-library/react').configure({ defaultHidden: true });
