// The four guide pages as one chunk: one dynamic import in the entry instead of four (the landing
// page's budget counts every byte of the entry), and together they are a few kB.
export { DeployStatusPage } from "./deploy-status-page";
export { DeployWizardPage } from "./deploy-wizard-page";
export { GoLivePage } from "./go-live-page";
export { OpsToolsPage } from "./ops-tools-page";
