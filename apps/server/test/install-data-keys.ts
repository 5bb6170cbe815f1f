import { installTestDataKeys } from './data-keys';

// Each test file's process holds the same keys as the process that seeded the template database.
installTestDataKeys();
