/** SPEC 2's public routes live in the contract (both ends use them); the role areas' routes in resources/. */
export { PUBLIC_PATHS } from "../../contract";
